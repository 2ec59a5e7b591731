export interface PostgresChoice {
  /** undefined: embedded PGlite. */
  url: string | undefined;
  source: string;
  tried: string[];
}
export function localCandidates(): string[];
export function findPostgres(env?: NodeJS.ProcessEnv): Promise<PostgresChoice>;
export function findPostgresSync(env?: NodeJS.ProcessEnv): PostgresChoice;
export function describeDatabase(choice: PostgresChoice): string;
