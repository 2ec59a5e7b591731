// Paths Next cannot route: a request target that is not a path (absolute or asterisk form), a
// percent-escape that does not decode (`%ZZ`, a cut-off `%E0%A4%A`, `%FF`, overlong UTF-8 such as
// `%C0%AF`), or one that decodes to a control character. Next answered these with a bare 500 and
// a stack in the log; the server answers 400 before routing.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why the request target cannot be routed, or null when it can. */
export function targetProblem(url: string | undefined): string | null {
  if (!url || !url.startsWith("/")) return "the request target is not a path";
  const queryAt = url.indexOf("?");
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return "the path has a malformed percent-escape";
  }
  return CONTROL.test(decoded) ? "the path has a control character" : null;
}

/** The path for logs and the API/page decision: never the whole of what the client sent. */
export function pathForLog(url: string | undefined): string {
  const path = (url ?? "").split("?", 1)[0]!;
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}
