import { sourceJson } from "../../source-http";

// Statuspage's REST API: GET https://api.statuspage.io/v1/pages/{page_id}/…, the key in
// `Authorization: OAuth <key>`; lists page with `page` (from 1) and `per_page` (at most 100).

export const STATUSPAGE_PER_PAGE = 100;

export function statuspageBaseUrl(): string {
  return (process.env.STATUSPAGE_API_URL || "https://api.statuspage.io/v1").replace(/\/+$/, "");
}

export interface StatuspageComponent {
  id: string;
  name: string;
  description?: string | null;
  status?: string;
  position?: number;
  group?: boolean;
  group_id?: string | null;
  created_at?: string;
}

export interface StatuspageIncidentUpdate {
  id: string;
  status: string;
  body?: string | null;
  created_at?: string;
  display_at?: string | null;
  /** The component statuses this update changed (`code` is the component's id). */
  affected_components?: { code: string; name?: string; old_status?: string; new_status?: string }[] | null;
}

export interface StatuspageIncident {
  id: string;
  name: string;
  status: string;
  impact?: string | null;
  created_at?: string;
  resolved_at?: string | null;
  scheduled_for?: string | null;
  scheduled_until?: string | null;
  components?: { id: string }[];
  incident_updates?: StatuspageIncidentUpdate[];
}

export interface StatuspageSubscriber {
  id: string;
  email?: string | null;
  mode?: string;
  created_at?: string;
  quarantined_at?: string | null;
  components?: { id: string }[];
}

export function statuspageGet<T>(apiKey: string, path: string, label?: string): Promise<T> {
  return sourceJson<T>({ method: "GET", url: `${statuspageBaseUrl()}${path}`, headers: { authorization: `OAuth ${apiKey}` }, label });
}

/** Every item of a paged list: pages until one comes back short. */
export async function* statuspageList<T>(apiKey: string, path: string): AsyncGenerator<T> {
  for (let page = 1; ; page += 1) {
    const separator = path.includes("?") ? "&" : "?";
    const items = await statuspageGet<T[]>(apiKey, `${path}${separator}page=${page}&per_page=${STATUSPAGE_PER_PAGE}`, `page ${page}`);
    yield* items;
    if (items.length < STATUSPAGE_PER_PAGE) return;
  }
}
