export function prepareE2eRun(env?: NodeJS.ProcessEnv): void;
/** Throws when the run has no PostgreSQL. */
export function e2eDatabaseUrl(): string;
