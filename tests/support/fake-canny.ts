import { startFakeServer, type FakeAnswer, type FakeRequest } from "./fake-source-server";

// Canny's API as documented: POST /api/v1/<resource>/list with `apiKey`, `limit` and `skip` in
// the JSON body, answering `{ <resource>: [...], hasMore }`; a wrong key is a 401 `{ error }`.

export const CANNY_KEY = "canny-test-key-0123456789";

export function cannyWorkspace(posts = 3) {
  const users = [
    { id: "u1", name: "Ada Voter", email: "ada.voter@example.com" },
    { id: "u2", name: "Grace Voter", email: "grace.voter@example.com" },
    { id: "u3", name: "Anonymous Bob", email: null },
  ];
  const boards = [{ id: "b-features", name: "Feature Requests", created: "2024-01-01T00:00:00.000Z", isPrivate: false }];
  const statuses = ["open", "planned", "in progress", "complete", "under review", "Needs Info"];
  const postList = Array.from({ length: posts }, (_, n) => ({
    id: `p${n + 1}`,
    board: { id: "b-features" },
    author: users[n % 3],
    title: n === 0 ? "Slack integration" : `Canny idea ${n + 1}`,
    details: `Details of idea ${n + 1}`,
    status: statuses[n % statuses.length],
    tags: n === 0 ? [{ name: "integrations" }] : [],
    created: `2024-02-${String((n % 27) + 1).padStart(2, "0")}T10:00:00.000Z`,
  }));
  const votes = postList.flatMap((post, n) => users.slice(0, (n % 3) + 1).map((voter, v) => ({ id: `v${n}-${v}`, post: { id: post.id }, voter, created: "2024-03-01T00:00:00.000Z" })));
  const comments = postList.slice(0, 2).map((post, n) => ({ id: `c${n + 1}`, post: { id: post.id }, author: users[1], value: `Comment on ${post.title}`, internal: n === 1, created: "2024-03-02T00:00:00.000Z" }));
  const entries = [{ id: "e1", title: "Slack is here", markdownDetails: "We shipped **Slack**.", status: "published", publishedAt: "2024-04-01T00:00:00.000Z", created: "2024-03-30T00:00:00.000Z", posts: [{ id: "p1" }] }];
  return { boards, posts: postList, votes, comments, entries };
}

export type CannyData = ReturnType<typeof cannyWorkspace>;

function page(items: unknown[], request: FakeRequest, field: string, filter: (item: never) => boolean = () => true): FakeAnswer {
  const limit = Math.min(Number(request.body.limit ?? 10), 100);
  const skip = Number(request.body.skip ?? 0);
  const matching = items.filter(filter as (item: unknown) => boolean);
  return { status: 200, body: { [field]: matching.slice(skip, skip + limit), hasMore: skip + limit < matching.length } };
}

export function startFakeCanny(data: CannyData = cannyWorkspace(), port = 0) {
  return startFakeServer((request) => {
    if (request.method !== "POST") return { status: 404, body: { error: "not found" } };
    if (request.body.apiKey !== CANNY_KEY) return { status: 401, body: { error: "invalid api key" } };
    const byBoard = (item: { board?: { id: string }; post?: { id: string } }) => {
      if (!request.body.boardID) return true;
      const boardId = item.board?.id ?? data.posts.find((post) => post.id === item.post?.id)?.board.id;
      return boardId === request.body.boardID;
    };
    switch (request.path) {
      case "/api/v1/boards/list":
        return { status: 200, body: { boards: data.boards } };
      case "/api/v1/posts/list":
        return page(data.posts, request, "posts", byBoard as never);
      case "/api/v1/votes/list":
        return page(data.votes, request, "votes", byBoard as never);
      case "/api/v1/comments/list":
        return page(data.comments, request, "comments", byBoard as never);
      case "/api/v1/entries/list":
        return page(data.entries, request, "entries");
      default:
        return { status: 404, body: { error: "endpoint not found" } };
    }
  }, port);
}
