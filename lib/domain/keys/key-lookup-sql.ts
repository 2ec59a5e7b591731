// The one statement behind every /api/v1 request: the key, its workspace's plan and its creator's
// current membership, in one round trip. A module of its own (no imports) so the benchmark's bare
// server runs exactly this statement without loading the app.
export const KEY_LOOKUP_SQL = `
    SELECT k.id, k."workspaceId", k.scopes, k."createdById", k."expiresAt", k."revokedAt", m.role::text AS role, w.plan::text AS plan
    FROM "ApiKey" k
    JOIN "Workspace" w ON w.id = k."workspaceId"
    LEFT JOIN "Membership" m ON m."workspaceId" = k."workspaceId" AND m."userId" = k."createdById"
    WHERE k.hash = $1`;
