"use client";

import { Avatar } from "@/components/portal/avatar";
import { LocalTime } from "@/components/ui/local-time";
import { Age } from "./age";

/** One voter as the post's page lists them: only what the row shows crosses to the client. */
export interface VoterRow {
  id: string;
  /** The voter's name, else their address. */
  name: string;
  /** The address, as the name's tooltip. */
  email?: string;
  /** An SSO voter's (first) company with its monthly spend. */
  company?: string;
  /** The picture an SSO voter's token gave. */
  avatarUrl?: string;
  createdAt: string;
  /** "5 hours ago", worked out by the server so hydration agrees with it. */
  age: string;
}

// A client component for the same reason as the inbox's rows (inbox-rows.tsx): the page's React
// Server Components payload then carries these few fields per voter, not each row's markup again.
// `addedFrom`: with every voter listed, where the ones "Show more" added begin (its link's anchor).
export function VotersList({ voters, addedFrom }: { voters: VoterRow[]; addedFrom?: number }) {
  return (
    <ul className="mt-2 max-h-80 space-y-2 overflow-y-auto text-sm" data-testid="voters">
      {voters.map((voter, index) => (
        <li key={voter.id} id={index === addedFrom ? "more-voters" : undefined} className="flex items-baseline justify-between gap-2">
          <span className="min-w-0 truncate text-slate-800" title={voter.email}>
            {voter.avatarUrl ? <Avatar src={voter.avatarUrl} /> : null}
            {voter.name}
            {voter.company ? (
              <span className="block truncate text-xs text-slate-500" data-testid="voter-company">
                {voter.company}
              </span>
            ) : null}
          </span>
          <LocalTime value={voter.createdAt} className="shrink-0 text-xs text-slate-500">
            <Age iso={voter.createdAt} words>
              {voter.age}
            </Age>
          </LocalTime>
        </li>
      ))}
    </ul>
  );
}
