import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/logos/[workspace]/[version]/route";
import { logoPath } from "@/lib/domain/branding/branding-view";
import { LOGO_MAX_BYTES, LOGO_MESSAGES, sniffImageType } from "@/lib/domain/branding/logo-file";
import { readWorkspaceLogo } from "@/lib/domain/branding/read-logo";
import { removeWorkspaceLogo } from "@/lib/domain/branding/remove-logo";
import { setWorkspaceLogo } from "@/lib/domain/branding/set-logo";
import { updateAccentColor } from "@/lib/domain/branding/update-accent";
import { db } from "@/lib/platform/db/client";
import { seedTenant } from "../support/api";
import { actorOf, expectApiError } from "../support/actors";

// The smallest valid PNG (1×1, transparent).
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
const file = (bytes: Uint8Array | string, name: string, type: string) => new File([bytes as BlobPart], name, { type });

async function fetchLogo(slug: string, version: string) {
  return GET(new Request(`http://localhost${logoPath(slug, version)}`), { params: Promise.resolve({ workspace: slug, version }) });
}

describe("sniffImageType", () => {
  it.each([
    [PNG, "image/png"],
    [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), "image/jpeg"],
    [Buffer.from("GIF89a\x01\x00", "latin1"), "image/gif"],
    [Buffer.from("RIFF\x10\x00\x00\x00WEBPVP8 ", "latin1"), "image/webp"],
    [Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), null],
    [Buffer.from("RIFF\x10\x00\x00\x00WAVEfmt ", "latin1"), null],
  ])("reads the type from the bytes (%#)", (bytes, type) => {
    expect(sniffImageType(new Uint8Array(bytes))).toBe(type);
  });
});

describe("the portal's branding", () => {
  it("an admin sets the accent; a bad colour is a field error; a member is refused", async () => {
    const tenant = await seedTenant();
    const admin = await actorOf(tenant, await tenant.member("ADMIN"));
    expect(await updateAccentColor(admin, { accentColor: "#FF8800" })).toEqual({ accentColor: "#ff8800", logoVersion: null });
    const invalid = await expectApiError(updateAccentColor(admin, { accentColor: "orange" }), "VALIDATION_ERROR");
    expect(invalid.details?.[0]).toMatchObject({ path: "accentColor", message: "Enter a colour as #RRGGBB (for example #4f46e5)." });
    const member = await actorOf(tenant, await tenant.member("MEMBER"));
    await expectApiError(updateAccentColor(member, { accentColor: "#000000" }), "FORBIDDEN");
    await expectApiError(setWorkspaceLogo(member, file(PNG, "logo.png", "image/png")), "FORBIDDEN");
    await expectApiError(removeWorkspaceLogo(member), "FORBIDDEN");
    expect(await updateAccentColor(admin, { accentColor: null })).toEqual({ accentColor: null, logoVersion: null });
  });

  it.each([
    ["not an image", file("just some text", "logo.png", "image/png"), LOGO_MESSAGES.notImage],
    ["an SVG with a script", file('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "logo.png", "image/png"), LOGO_MESSAGES.svg],
    ["an SVG by its name", file("\uFEFF  <svg onload='alert(1)'/>", "logo.svg", "image/svg+xml"), LOGO_MESSAGES.svg],
    ["too large", file(new Uint8Array([...PNG, ...new Uint8Array(LOGO_MAX_BYTES)]), "big.png", "image/png"), LOGO_MESSAGES.tooLarge],
    ["empty", file("", "empty.png", "image/png"), LOGO_MESSAGES.empty],
    ["not a file", "logo.png", LOGO_MESSAGES.empty],
  ])("refuses %s on the logo field, storing nothing", async (_label, upload, message) => {
    const tenant = await seedTenant();
    const error = await expectApiError(setWorkspaceLogo(await actorOf(tenant, tenant.owner), upload), "VALIDATION_ERROR");
    expect(error.details).toEqual([{ path: "logo", message, code: "invalid_logo" }]);
    expect(await db.workspaceLogo.count({ where: { workspaceId: tenant.workspace.id } })).toBe(0);
  });

  it("stores a PNG under a version and serves it with safe headers; an old version is gone", async () => {
    const tenant = await seedTenant({ published: true });
    const owner = await actorOf(tenant, tenant.owner);
    // The name and the claimed type do not matter: the bytes do.
    const saved = await setWorkspaceLogo(owner, file(PNG, "logo.gif", "application/octet-stream"));
    expect(saved.logoVersion).toMatch(/^[0-9a-f]{16}$/);
    const response = await fetchLogo(tenant.workspace.slug, saved.logoVersion!);
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "image/png",
      "content-length": String(PNG.length),
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'",
      "cache-control": "public, max-age=31536000, immutable",
    });
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);

    const gif = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1");
    const next = await setWorkspaceLogo(owner, file(gif, "logo.png", "image/png"));
    expect(next.logoVersion).not.toBe(saved.logoVersion);
    expect((await fetchLogo(tenant.workspace.slug, saved.logoVersion!)).status).toBe(404);
    expect((await fetchLogo(tenant.workspace.slug, next.logoVersion!)).headers.get("content-type")).toBe("image/gif");
    expect((await fetchLogo(tenant.workspace.slug, "../../etc")).status).toBe(404);

    expect(await removeWorkspaceLogo(owner)).toEqual({ accentColor: null, logoVersion: null });
    expect((await fetchLogo(tenant.workspace.slug, next.logoVersion!)).status).toBe(404);
  });

  it("an unpublished portal's logo is for its members only, kept privately", async () => {
    const tenant = await seedTenant();
    const saved = await setWorkspaceLogo(await actorOf(tenant, tenant.owner), file(PNG, "logo.png", "image/png"));
    const outsider = await seedTenant();
    expect(await readWorkspaceLogo(tenant.workspace.slug, saved.logoVersion!, async () => null)).toBeNull();
    expect(await readWorkspaceLogo(tenant.workspace.slug, saved.logoVersion!, async () => outsider.owner.id)).toBeNull();
    expect(await readWorkspaceLogo(tenant.workspace.slug, saved.logoVersion!, async () => tenant.owner.id)).toMatchObject({ contentType: "image/png", isPublic: false });
  });
});
