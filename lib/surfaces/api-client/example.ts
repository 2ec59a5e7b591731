// The openapi-fetch example of docs/api.md, compiled with the repository (so it cannot rot) and run
// against the API by tests/openapi/typescript-types.test.ts.
import createClient from "openapi-fetch";
import type { paths } from "./v1-schema";

export function workspaceApi(baseUrl: string, key: string) {
  return createClient<paths>({ baseUrl: `${baseUrl}/api/v1`, headers: { Authorization: `Bearer ${key}` } });
}

export async function plannedPostTitles(baseUrl: string, key: string): Promise<string[]> {
  const api = workspaceApi(baseUrl, key);
  const { data, error } = await api.GET("/posts", { params: { query: { status: "planned", sort: "top", limit: 50 } } });
  if (error) throw new Error(`${error.code}: ${error.error}`);
  return data.data.map((post) => post.title);
}
