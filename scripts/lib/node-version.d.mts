export declare function minimumNode(range: string | undefined): [number, number, number];
export declare function nodeVersionRefusal(version: string, range: string | undefined): string | null;
export declare function requireSupportedNode(packageJson?: URL): void;
