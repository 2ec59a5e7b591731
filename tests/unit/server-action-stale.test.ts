import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/surfaces/auth/session";

// What a server action refreshes may depend on how it went: `stale` is either what a success made
// stale, or a function of the answer, success or not. Here the session is whoever the test says and
// Next's page cache is a spy, so the paths the wrapper asks to refresh can be read back.
const signedIn = vi.hoisted(() => ({ user: { id: "u1", email: "ada@example.com", name: "Ada" } as unknown as SessionUser }));
const revalidated = vi.hoisted(() => [] as string[]);
vi.mock("@/lib/surfaces/auth/guard-action", () => ({ guardAction: async () => signedIn.user, refuseApiKeyInAction: async () => undefined }));
vi.mock("next/cache", () => ({ revalidatePath: (path: string, kind?: string) => revalidated.push(kind ? `${kind}:${path}` : path) }));
const { serverAction } = await import("@/lib/surfaces/actions/server-action");

type Answer = { ok: true; data: { slug: string } } | { ok: false; fieldErrors: Record<string, string> };
const succeed = async (): Promise<Answer> => ({ ok: true, data: { slug: "acme" } });
const refuse = async (): Promise<Answer> => ({ ok: false, fieldErrors: { form: "Already gone." } });

beforeEach(() => {
  revalidated.length = 0;
});

describe("serverAction's stale", () => {
  it("as a plain value, refreshes after a success only", async () => {
    await serverAction<"user", Answer>({ context: "test", caller: "user", stale: { pages: ["/list"] } }, succeed);
    expect(revalidated).toEqual(["/list"]);
    revalidated.length = 0;
    await serverAction<"user", Answer>({ context: "test", caller: "user", stale: { pages: ["/list"] } }, refuse);
    expect(revalidated).toEqual([]);
  });

  it("as a function, refreshes what the answer names, a failure's included", async () => {
    const stale = (answer: Answer) => (answer.ok ? { layouts: [`/w/${answer.data.slug}`] } : answer.fieldErrors.form === "Already gone." ? { pages: ["/list"] } : undefined);
    await serverAction({ context: "test", caller: "user", stale }, succeed);
    expect(revalidated).toEqual(["layout:/w/acme"]);
    revalidated.length = 0;
    await serverAction({ context: "test", caller: "user", stale }, refuse);
    expect(revalidated).toEqual(["/list"]);
    revalidated.length = 0;
    await serverAction({ context: "test", caller: "user", stale }, async (): Promise<Answer> => ({ ok: false, fieldErrors: { title: "Too long." } }));
    expect(revalidated).toEqual([]);
  });
});
