export interface PostgresChoice {
  /** undefined: embedded PGlite. */
  url: string | undefined;
  source: string;
  tried: string[];
}
export function localCandidates(): string[];
export function findPostgres(env?: Record<string, string | undefined>): Promise<PostgresChoice>;
export function findPostgresSync(env?: Record<string, string | undefined>): PostgresChoice;
export function describeDatabase(choice: PostgresChoice): string;
