import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ssoTokenExample, widgetSnippet } from "@/lib/domain/widget/widget-snippet";
import { PORTAL_LOCALES } from "@/lib/platform/i18n/locales";
import { embedSectionsOf } from "@/lib/surfaces/widget/embed-sections";

describe("the snippet on the widget's settings page", () => {
  it("names this workspace and this app's loader, queues calls made before the script arrives, and does nothing a second time", () => {
    const snippet = widgetSnippet({ appOrigin: "https://feedback.example.com", slug: "acme-rockets", sso: false });
    expect(snippet).toContain('s.src = "https://feedback.example.com/widget.js"');
    expect(snippet).toContain('Workspace("boot", { workspace: "acme-rockets" });');
    // The queue: a stand-in that records calls, and a guard that leaves an earlier copy alone.
    expect(snippet).toContain("if (w.Workspace) return;");
    expect(snippet).toContain("q.q.push(arguments)");
    expect(snippet).not.toContain("ssoToken");
    expect(snippet.startsWith("<script>") && snippet.endsWith("</script>")).toBe(true);
  });

  it("with SSO on, shows where the token the customer's server signs goes", () => {
    const snippet = widgetSnippet({ appOrigin: "https://feedback.example.com", slug: "acme-rockets", sso: true });
    expect(snippet).toContain('Workspace("boot", { workspace: "acme-rockets", ssoToken: TOKEN_FROM_YOUR_SERVER });');
  });

  it("with SSO on, shows how the customer's server signs that token: HS256, an id, a jti, an exp, the secret from the environment", () => {
    const example = ssoTokenExample();
    expect(example).toContain('setProtectedHeader({ alg: "HS256" })');
    expect(example).toContain("id: user.id");
    expect(example).toContain(".setJti(randomUUID())");
    expect(example).toContain('.setExpirationTime("10m")');
    expect(example).toContain("process.env.WORKSPACE_SSO_SECRET");
    expect(example).toContain("TOKEN_FROM_YOUR_SERVER");
  });

  it("is the snippet docs/widget.md documents", () => {
    const documented = fs.readFileSync("docs/widget.md", "utf8");
    const [, queue] = widgetSnippet({ appOrigin: "https://APP.EXAMPLE", slug: "acme", sso: false }).split("\n");
    expect(documented).toContain(queue);
  });
});

describe("the loader speaks the portal's languages", () => {
  const loader = fs.readFileSync("widget/loader.js", "utf8");
  it("accepts every portal locale in boot and has its words for each", () => {
    const locales = JSON.parse(/var LOCALES = (\[[^\]]*\]);/.exec(loader)![1]!) as string[];
    expect([...locales].sort()).toEqual([...PORTAL_LOCALES].sort());
    for (const locale of PORTAL_LOCALES) expect(loader, locale).toMatch(new RegExp(`\\n\\s+(${locale}|"${locale}"): \\["[^"]+", "[^"]+", "[^"]+"\\],`));
  });

  it("says one version in its banner line and in Workspace.version", () => {
    const banner = /^\/\*! Workspace widget loader (\S+)/.exec(loader)?.[1];
    const version = /var VERSION = "([^"]+)"/.exec(loader)?.[1];
    expect(banner).toMatch(/^\d+\.\d+\.\d+$/);
    expect(version).toBe(banner);
  });
});

describe("the status embed's sections (?embed=)", () => {
  it("shows the sections asked for, in any case or order, ignoring unknown names", () => {
    expect([...embedSectionsOf("components,incidents")].sort()).toEqual(["components", "incidents"]);
    expect([...embedSectionsOf(" Incidents , COMPONENTS,nonsense")].sort()).toEqual(["components", "incidents"]);
    expect([...embedSectionsOf(["overall", "maintenance"])].sort()).toEqual(["maintenance", "overall"]);
  });

  it("shows every section when none is asked for or none is known", () => {
    const all = ["components", "incidents", "maintenance", "overall"];
    expect([...embedSectionsOf(undefined)].sort()).toEqual(all);
    expect([...embedSectionsOf("")].sort()).toEqual(all);
    expect([...embedSectionsOf("everything,<script>")].sort()).toEqual(all);
  });
});
