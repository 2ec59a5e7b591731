export const QUERY_COMPILER_FILE: string;
export function loadQueryCompilerFromFile(clientDir: string, projectDir: string): void;
