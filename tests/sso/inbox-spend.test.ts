import { describe, expect, it } from "vitest";
import { getTeamPost } from "@/lib/domain/posts/get-team-post";
import { listInbox } from "@/lib/domain/posts/list-inbox";
import { listPostsQuery } from "@/lib/domain/posts/schemas";
import { signInSsoUser } from "@/lib/domain/sso/sign-in-sso-user";
import { verifySsoToken } from "@/lib/domain/sso/verify-sso-token";
import { toggleVote } from "@/lib/domain/votes/toggle-vote";
import { db } from "@/lib/platform/db/client";
import { actorOf } from "../support/actors";
import { seedBoard, seedTenant, type Tenant } from "../support/api";
import { enableSso, signSsoToken } from "../support/sso";

async function ssoUser(tenant: Tenant, secret: string, claims: Record<string, unknown>) {
  const verified = await verifySsoToken(tenant.workspace.id, await signSsoToken(secret, claims));
  if (!verified.ok) throw new Error(verified.reason);
  return (await signInSsoUser(tenant.workspace.id, verified.claims)).userId;
}

describe("the inbox by what voters' companies pay", () => {
  it("sorts by the spend of the companies that voted (each company once), pages by cursor, and shows an SSO author's company", async () => {
    const tenant = await seedTenant({ published: true });
    const secret = await enableSso(tenant);
    const board = await seedBoard(tenant.workspace.id);
    const big = { id: "big", name: "Big Co", monthlySpend: 5000 };
    const small = { id: "small", name: "Small Co", monthlySpend: 120.75 };
    const ann = await ssoUser(tenant, secret, { id: "ann", name: "Ann", email: "ann@big.test", companies: [big] });
    const ben = await ssoUser(tenant, secret, { id: "ben", name: "Ben", companies: [big] });
    const cy = await ssoUser(tenant, secret, { id: "cy", name: "Cy", companies: [small] });
    const post = (title: string, authorId?: string) => db.post.create({ data: { workspaceId: tenant.workspace.id, boardId: board.id, title, authorId } });
    const none = await post("No company votes");
    const smallOnly = await post("Small only", cy);
    const bigTwice = await post("Big twice");
    const both = await post("Both");
    const vote = (postId: string, userId: string) => toggleVote({ workspaceId: tenant.workspace.id, postId, userId, voted: true, publicOnly: false });
    await vote(smallOnly.id, cy);
    await vote(bigTwice.id, ann);
    await vote(bigTwice.id, ben);
    await vote(both.id, ann);
    await vote(both.id, cy);
    await vote(none.id, tenant.owner.id);

    const actor = await actorOf(tenant, tenant.owner);
    const first = await listInbox(actor, listPostsQuery.parse({ limit: "2" }), "spend");
    expect(first.data.map((row) => [row.title, row.voterSpend])).toEqual([["Both", 5120], ["Big twice", 5000]]);
    const second = await listInbox(actor, listPostsQuery.parse({ limit: "2", cursor: first.pagination.nextCursor! }), "spend");
    expect(second.data.map((row) => [row.title, row.voterSpend])).toEqual([["Small only", 120], ["No company votes", 0]]);
    expect(second.data[0]!.author).toMatchObject({ name: "Cy", sso: true, email: "", companies: [{ name: "Small Co", monthlySpend: 120.75 }] });
    // A cursor of another sort is refused, as for the API's sorts.
    await expect(listInbox(actor, listPostsQuery.parse({ limit: "2", cursor: first.pagination.nextCursor! }), "top")).rejects.toThrow();

    const team = await getTeamPost(actor, both.id);
    expect(team.voterSpend).toBe(5120.75);
    expect(team.voters.map((voter) => [voter.user.name, voter.user.companies.map((company) => company.name)])).toEqual(expect.arrayContaining([["Ann", ["Big Co"]], ["Cy", ["Small Co"]]]));
    expect(team.voters.find((voter) => voter.user.name === "Ann")!.user.email).toBe("ann@big.test");
  });
});
