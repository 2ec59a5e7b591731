import type { ImportAdapter } from "../adapter";
import { cannyAdapter } from "./canny/canny-adapter";
import { csvAdapter } from "./csv/csv-adapter";
import { fiderAdapter } from "./fider/fider-adapter";
import { ownAdapter } from "./own/own-adapter";
import { statuspageAdapter } from "./statuspage/statuspage-adapter";

// Every source an admin can import from: one folder each, one line here.
export const IMPORT_SOURCES: Record<string, ImportAdapter<never>> = {
  own: ownAdapter as ImportAdapter<never>,
  canny: cannyAdapter as ImportAdapter<never>,
  statuspage: statuspageAdapter as ImportAdapter<never>,
  fider: fiderAdapter as ImportAdapter<never>,
  csv: csvAdapter as ImportAdapter<never>,
};

export const SOURCE_NAMES = Object.keys(IMPORT_SOURCES);
