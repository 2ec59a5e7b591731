import { DomainError } from "@/lib/platform/core/errors";

/**
 * The source could not be read. `where` names what caused it: "posts.csv, line 12, column 3",
 * "votes.jsonl, line 40", or "GET https://canny.io/api/v1/posts/list (page 3): 401".
 */
export class ImportSourceError extends DomainError {
  constructor(
    readonly where: string,
    problem: string,
  ) {
    super("VALIDATION_ERROR", `${where}: ${problem}`, [{ path: where, message: problem, code: "import_source" }]);
  }
}
