export declare const SERVER_NODE_FLAGS: string[];
export declare const SERVER_MALLOC_ARENA_MAX: string;
export declare function withServerNodeOptions<Env extends Record<string, string | undefined>>(env: Env): Env & { NODE_OPTIONS: string; MALLOC_ARENA_MAX: string };
