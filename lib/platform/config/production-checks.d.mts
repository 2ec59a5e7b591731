export declare const SECRET_NAMES: readonly ["NEXTAUTH_SECRET", "API_KEY_SECRET"];
export declare const MIN_SECRET_LENGTH: number;
export declare function missingProductionSecrets(env: Record<string, string | undefined>): string[];
export declare function productionStartCheck(
  env: Record<string, string | undefined>,
  options?: { secrets?: boolean },
): { ok: true; mailLine: string } | { ok: false; message: string };
