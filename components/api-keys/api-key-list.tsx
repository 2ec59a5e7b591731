import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import type { ApiKeyState, ApiKeyView } from "@/lib/domain/keys/view";

export type ListedKey = ApiKeyView & { creatorLeft: boolean };

const STATE_TONE: Record<ApiKeyState, BadgeTone> = { active: "green", expired: "amber", revoked: "red" };
const STATE_LABEL: Record<ApiKeyState, string> = { active: "Active", expired: "Expired", revoked: "Revoked" };

function When({ iso, empty }: { iso: string | null; empty: string }) {
  if (!iso) return <span className="text-slate-500">{empty}</span>;
  return (
    <LocalTime value={iso} date />
  );
}

/** Every key of the workspace: a card per key, so it reads as well on a phone as on a desktop. */
export function ApiKeyList({ keys, onRevoke }: { keys: ListedKey[]; onRevoke: (key: ListedKey) => void }) {
  return (
    <ul aria-label="API keys" className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {keys.map((key) => (
        <li key={key.id} className="p-4 sm:p-5" data-testid="api-key-row" data-state={key.state}>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="truncate font-medium text-slate-900">{key.name}</h3>
                <Badge tone={STATE_TONE[key.state]}>{STATE_LABEL[key.state]}</Badge>
              </div>
              <p className="mt-0.5 font-mono text-xs text-slate-500">
                <span className="sr-only">Key </span>
                {key.hint}
              </p>
            </div>
            {key.state === "active" ? (
              <Button variant="secondary" className="px-3 py-1.5 text-red-700 hover:bg-red-50" onClick={() => onRevoke(key)} aria-label={`Revoke ${key.name}`}>
                Revoke
              </Button>
            ) : null}
          </div>
          <ul aria-label="Scopes" className="mt-3 flex flex-wrap gap-1.5">
            {key.scopes.map((scope) => (
              <li key={scope}>
                <Badge mono>{scope}</Badge>
              </li>
            ))}
          </ul>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
            <div className="min-w-0">
              <dt className="text-xs text-slate-500">Created by</dt>
              <dd className="truncate text-slate-800" title={key.createdBy.email}>
                {key.createdBy.name ?? key.createdBy.email}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Created</dt>
              <dd className="text-slate-800">
                <When iso={key.createdAt} empty="—" />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Last used</dt>
              <dd className="text-slate-800">
                <When iso={key.lastUsedAt} empty="Never" />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">{key.state === "revoked" ? "Revoked" : key.state === "expired" ? "Expired" : "Expires"}</dt>
              <dd className="text-slate-800">
                {key.state === "revoked" ? <When iso={key.revokedAt} empty="—" /> : <When iso={key.expiresAt} empty="Never" />}
              </dd>
            </div>
          </dl>
          {key.creatorLeft && key.state === "active" ? (
            <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-800">
              Its creator is no longer a member, so every request with this key is refused (403). Revoke it to free a place on your plan.
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
