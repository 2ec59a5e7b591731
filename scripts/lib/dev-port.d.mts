export function devPort(argv: readonly string[], env: Record<string, string | undefined>): string;
