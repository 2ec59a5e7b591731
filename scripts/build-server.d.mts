export declare const SERVER_DIR: string;
export declare function buildServer(options?: { outDir?: string }): Promise<void>;
