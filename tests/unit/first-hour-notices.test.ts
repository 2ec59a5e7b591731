import { describe, expect, it } from "vitest";
import { boardVisibilityHint } from "@/components/boards/visibility-hint";
import { homeDestination } from "@/lib/domain/workspaces/home-destination";

describe("where / sends someone signed in", () => {
  it("into the dashboard of their only workspace", () => {
    expect(homeDestination([{ slug: "acme" }])).toBe("/w/acme");
  });

  it("to the list when there is a choice, or nothing yet to open", () => {
    expect(homeDestination([{ slug: "acme" }, { slug: "beta" }])).toBe("/workspaces");
    expect(homeDestination([])).toBe("/workspaces");
  });
});

describe("the board dialog's visibility hint", () => {
  it("says a public board waits for publishing only while the portal is unpublished", () => {
    expect(boardVisibilityHint({ portalPublished: false, isPublic: true })).toMatch(/not published yet/);
    expect(boardVisibilityHint({ portalPublished: false, isPublic: false })).toMatch(/not published yet/);
  });

  it("once published, says the board shows at once, or stays off the portal when private", () => {
    const publicHint = boardVisibilityHint({ portalPublished: true, isPublic: true });
    expect(publicHint).toMatch(/is published: this board shows there as soon as it is saved/);
    expect(publicHint).not.toMatch(/once/);
    expect(boardVisibilityHint({ portalPublished: true, isPublic: false })).toMatch(/private board stays off it/);
  });
});
