export declare const SERVER_NODE_FLAGS: string[];
export declare function withServerNodeOptions<Env extends Record<string, string | undefined>>(env: Env): Env & { NODE_OPTIONS: string };
