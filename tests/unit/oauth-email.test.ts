import { afterEach, describe, expect, it, vi } from "vitest";
import { githubUserinfo, pickVerifiedGitHubEmail, verifiedOAuthEmail } from "@/lib/platform/auth/oauth-email";

describe("pickVerifiedGitHubEmail", () => {
  it("takes the primary address when it is verified", () => {
    expect(
      pickVerifiedGitHubEmail([
        { email: "other@example.test", verified: true },
        { email: "main@example.test", primary: true, verified: true },
      ]),
    ).toBe("main@example.test");
  });

  it("never takes an unverified address, primary or not", () => {
    expect(pickVerifiedGitHubEmail([{ email: "victim@example.test", primary: true, verified: false }])).toBeNull();
    expect(
      pickVerifiedGitHubEmail([
        { email: "victim@example.test", primary: true, verified: false },
        { email: "mine@example.test", verified: true },
      ]),
    ).toBe("mine@example.test");
    expect(pickVerifiedGitHubEmail([])).toBeNull();
  });
});

describe("verifiedOAuthEmail", () => {
  it("uses Google's address only when Google says it is verified", () => {
    expect(verifiedOAuthEmail("google", "a@example.test", { email_verified: true })).toBe("a@example.test");
    expect(verifiedOAuthEmail("google", "a@example.test", { email_verified: false })).toBeNull();
    expect(verifiedOAuthEmail("google", "a@example.test", {})).toBeNull();
  });

  it("trusts GitHub's address (our userinfo picked a verified one) and no unknown provider", () => {
    expect(verifiedOAuthEmail("github", "a@example.test", {})).toBe("a@example.test");
    expect(verifiedOAuthEmail("github", null, {})).toBeNull();
    expect(verifiedOAuthEmail("somewhere", "a@example.test", { email_verified: true })).toBeNull();
  });
});

// GitHub's API is out of reach here: these stand-ins answer as GitHub documents it.
describe("githubUserinfo", () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubGitHub(emails: unknown, emailsStatus = 200) {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      void init; // recorded for the header check
      if (url.endsWith("/user")) return Response.json({ id: 7, login: "octo", email: "public@example.test" });
      return Response.json(emails, { status: emailsStatus });
    });
    vi.stubGlobal("fetch", fetchMock);
    return fetchMock;
  }

  it("replaces the profile's address with the verified primary one, sending the token", async () => {
    const fetchMock = stubGitHub([
      { email: "public@example.test", primary: false, verified: false },
      { email: "main@example.test", primary: true, verified: true },
    ]);
    const profile = await githubUserinfo.request({ tokens: { access_token: "tok" } });
    expect(profile).toMatchObject({ id: 7, login: "octo", email: "main@example.test" });
    for (const [, init] of fetchMock.mock.calls) expect(init?.headers).toMatchObject({ Authorization: "token tok" });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["https://api.github.com/user", "https://api.github.com/user/emails"]);
  });

  it("has no address when none is verified or the emails cannot be read", async () => {
    stubGitHub([{ email: "victim@example.test", primary: true, verified: false }]);
    expect((await githubUserinfo.request({ tokens: { access_token: "tok" } })).email).toBeUndefined();
    stubGitHub({ message: "Not Found" }, 404);
    expect((await githubUserinfo.request({ tokens: { access_token: "tok" } })).email).toBeUndefined();
  });
});
