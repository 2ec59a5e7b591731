import type { ImportView } from "@/lib/domain/imports/view";
import type { FormResult } from "@/lib/platform/forms/forms";

/** The server actions the import and export page hands its components. */
export interface MigrationActions {
  startApiImport: (slug: string, source: string, options: Record<string, unknown>) => Promise<FormResult<ImportView>>;
  runImport: (slug: string, importId: string) => Promise<FormResult<ImportView>>;
  undoImport: (slug: string, importId: string) => Promise<FormResult<ImportView>>;
}
