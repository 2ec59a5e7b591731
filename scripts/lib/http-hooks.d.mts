// Side effects only: the production server's request hooks (see the .mjs).
export {};
