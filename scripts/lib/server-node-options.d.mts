export declare const SERVER_NODE_FLAGS: string[];
export declare const SERVER_MALLOC_ARENA_MAX: string;
export declare function withServerNodeOptions(env: Record<string, string | undefined>): NodeJS.ProcessEnv;
