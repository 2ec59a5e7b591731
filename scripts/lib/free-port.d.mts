export function freePort(): Promise<number>;
export function freePortSync(): number;
export function freeListeningPort(): Promise<number>;
export function freeListeningPortSync(): number;
