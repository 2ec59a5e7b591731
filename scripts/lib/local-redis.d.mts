export function redisAnswers(url: string): Promise<boolean>;
export function redisServerInstalled(command?: string): boolean;
export function startLocalRedis(command?: string): Promise<{ url: string; stop: () => Promise<void> } | null>;
export function findOrStartRedis(
  env?: Record<string, string | undefined>,
): Promise<{ url: string; source: string; stop: () => Promise<void> } | { url: null; source: string }>;
