import { startFakeServer, type FakeRequest } from "./fake-source-server";

// Statuspage's API as documented: GET /v1/pages/{page_id}/… with `Authorization: OAuth <key>`,
// lists paged by `page` and `per_page`; a wrong key is a 401, an unknown page a 404.

export const STATUSPAGE_KEY = "statuspage-test-key-0123";
export const STATUSPAGE_PAGE = "kctbh9vrtdwd";

export function statuspageData(incidents = 2) {
  const components = [
    { id: "grp1", name: "Backend", group: true, group_id: null, position: 1, status: "operational", created_at: "2024-01-01T00:00:00Z" },
    { id: "cmp-api", name: "Public API", group: false, group_id: "grp1", position: 2, status: "operational", description: "REST and webhooks", created_at: "2024-01-01T00:00:00Z" },
    { id: "cmp-web", name: "Dashboard", group: false, group_id: null, position: 3, status: "degraded_performance", created_at: "2024-01-01T00:00:00Z" },
  ];
  const list = Array.from({ length: incidents }, (_, n) => ({
    id: `inc${n + 1}`,
    name: n === 0 ? "Elevated API error rates" : `Past incident ${n + 1}`,
    status: "resolved",
    impact: n === 0 ? "major" : "minor",
    created_at: `2024-05-${String((n % 27) + 1).padStart(2, "0")}T10:00:00Z`,
    resolved_at: `2024-05-${String((n % 27) + 1).padStart(2, "0")}T12:00:00Z`,
    scheduled_for: null,
    scheduled_until: null,
    components: [{ id: "cmp-api" }],
    incident_updates: [
      { id: `upd${n + 1}-c`, status: "resolved", body: "The error rate is back to normal.", created_at: `2024-05-${String((n % 27) + 1).padStart(2, "0")}T12:00:00Z` },
      { id: `upd${n + 1}-a`, status: "investigating", body: "We are looking into raised error rates.", created_at: `2024-05-${String((n % 27) + 1).padStart(2, "0")}T10:00:00Z` },
      { id: `upd${n + 1}-b`, status: "identified", body: "A bad deploy; rolling back.", created_at: `2024-05-${String((n % 27) + 1).padStart(2, "0")}T11:00:00Z` },
    ],
  }));
  const maintenance = {
    id: "mnt1",
    name: "Database upgrade",
    status: "scheduled",
    impact: "maintenance",
    created_at: "2024-06-01T00:00:00Z",
    scheduled_for: "2031-01-01T02:00:00Z",
    scheduled_until: "2031-01-01T03:00:00Z",
    components: [{ id: "cmp-web" }],
    incident_updates: [{ id: "mupd1", status: "scheduled", body: "Planned upgrade of the primary database.", created_at: "2024-06-01T00:00:00Z" }],
  };
  const subscribers = [
    { id: "s1", email: "ops-fan@example.com", mode: "email", created_at: "2024-02-01T00:00:00Z", components: [] },
    { id: "s2", mode: "sms", phone_number: "+15555550100", created_at: "2024-02-01T00:00:00Z" },
  ];
  return { components, incidents: [...list, maintenance], subscribers };
}

export type StatuspageData = ReturnType<typeof statuspageData>;

function paged(items: unknown[], request: FakeRequest) {
  const perPage = Math.min(Number(request.query.get("per_page") ?? 100), 100);
  const page = Math.max(1, Number(request.query.get("page") ?? 1));
  return { status: 200, body: items.slice((page - 1) * perPage, page * perPage) };
}

export function startFakeStatuspage(data: StatuspageData = statuspageData(), port = 0) {
  return startFakeServer((request) => {
    if (request.headers.authorization !== `OAuth ${STATUSPAGE_KEY}`) return { status: 401, body: { error: "Could not authenticate" } };
    const match = /^\/v1\/pages\/([^/]+)(\/.*)?$/.exec(request.path);
    if (!match || request.method !== "GET") return { status: 404, body: { error: "Not found" } };
    if (match[1] !== STATUSPAGE_PAGE) return { status: 404, body: { error: "The page could not be found" } };
    switch (match[2] ?? "") {
      case "":
        return { status: 200, body: { id: STATUSPAGE_PAGE, name: "Acme Status" } };
      case "/components":
        return { status: 200, body: data.components };
      case "/incidents":
        return paged(data.incidents, request);
      case "/subscribers":
        return paged(data.subscribers, request);
      default:
        return { status: 404, body: { error: "Not found" } };
    }
  }, port);
}
