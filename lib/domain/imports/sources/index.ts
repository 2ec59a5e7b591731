import type { ImportAdapter } from "../adapter";
import { ownAdapter } from "./own/own-adapter";

// Every source an admin can import from: one folder each, one line here.
export const IMPORT_SOURCES: Record<string, ImportAdapter<never>> = {
  own: ownAdapter as ImportAdapter<never>,
};

export const SOURCE_NAMES = Object.keys(IMPORT_SOURCES);
