import { verifyApiKey, type VerifiedKey } from "@/lib/domain/keys/verify-api-key";
import { recordKeyUse } from "@/lib/domain/keys/record-key-use";

/** Step 1 (→ 401): key syntax and checksum, then one query for the key and its creator's role. */
export async function authenticate(request: Request): Promise<VerifiedKey> {
  const key = await verifyApiKey(request.headers.get("authorization"));
  recordKeyUse(key.keyId);
  return key;
}
