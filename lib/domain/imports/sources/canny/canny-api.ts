import { sourceJson } from "../../source-http";

// Canny's REST API: every call is a POST to https://canny.io/api/v1/<resource>/<verb> with the
// API key in the body; lists page with `limit` and `skip` and say `hasMore`.

export const CANNY_PAGE = 100;

export function cannyBaseUrl(): string {
  return (process.env.CANNY_API_URL || "https://canny.io/api/v1").replace(/\/+$/, "");
}

export interface CannyUser {
  id?: string;
  name?: string | null;
  email?: string | null;
}

export interface CannyBoard {
  id: string;
  name: string;
  created?: string;
  isPrivate?: boolean;
}

export interface CannyPost {
  id: string;
  board: { id: string };
  author?: CannyUser | null;
  title: string;
  details?: string | null;
  status?: string | null;
  tags?: { name: string }[];
  created?: string;
}

export interface CannyVote {
  id: string;
  post: { id: string };
  voter?: CannyUser | null;
  created?: string;
}

export interface CannyComment {
  id: string;
  post: { id: string };
  author?: CannyUser | null;
  value?: string | null;
  internal?: boolean;
  private?: boolean;
  created?: string;
}

export interface CannyEntry {
  id: string;
  title: string;
  markdownDetails?: string | null;
  plaintextDetails?: string | null;
  status?: string | null;
  publishedAt?: string | null;
  created?: string;
  posts?: { id: string }[];
}

export function cannyCall<T>(apiKey: string, path: string, body: Record<string, unknown> = {}, label?: string): Promise<T> {
  return sourceJson<T>({ method: "POST", url: `${cannyBaseUrl()}/${path}`, body: { apiKey, ...body }, label });
}

/** Every item of a paged list, a page at a time. */
export async function* cannyList<T>(apiKey: string, path: string, field: string, body: Record<string, unknown> = {}): AsyncGenerator<T> {
  for (let skip = 0, page = 1; ; skip += CANNY_PAGE, page += 1) {
    const answer = await cannyCall<Record<string, unknown> & { hasMore?: boolean }>(apiKey, path, { ...body, limit: CANNY_PAGE, skip }, `page ${page}`);
    const items = (answer[field] as T[] | undefined) ?? [];
    yield* items;
    if (!answer.hasMore || items.length === 0) return;
  }
}
