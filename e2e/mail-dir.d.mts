export function e2eMailDir(port?: string): string;
