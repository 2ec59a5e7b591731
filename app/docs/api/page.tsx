import type { Metadata } from "next";
import Script from "next/script";
import { referenceBundle } from "@/lib/surfaces/docs/reference-bundle";
import { publicOrigin } from "@/lib/platform/config/site-url";

export const metadata: Metadata = {
  title: "API reference",
  description: "The REST API (/api/v1), the public API (/api/public) and the MCP server, from their OpenAPI documents.",
};

/**
 * The API reference: Scalar's renderer, served by this app, reading the two OpenAPI documents the
 * app serves. Nothing is fetched from anywhere else: no CDN, no fonts, no telemetry, no proxy, no
 * hosted AI agent.
 */
// The renderer's light theme draws muted text and the method labels (GET, POST, PATCH) below
// WCAG AA contrast (3.2–4.3:1, PATCH yellow 1.7:1, measured by axe in e2e/api-docs.spec.ts): the
// same hues, darkened to at least 4.5:1 on its white and grey surfaces.
const CONTRAST_FIXES = `.light-mode {
  --scalar-color-2: #5c5c5c;
  --scalar-color-3: #666666;
  --scalar-color-blue: #0067a8;
  --scalar-color-green: #00704a;
  --scalar-color-yellow: #7a5c00;
  --scalar-color-orange: #a84300;
  --scalar-color-red: #c21f2b;
  --scalar-color-purple: #6b3fb5;
}`;

export default async function ApiReferencePage() {
  const { version } = await referenceBundle();
  const origin = publicOrigin();
  const configuration = {
    sources: [
      { title: "REST API (/api/v1)", slug: "v1", url: "/api/v1/openapi.json" },
      { title: "Public API (/api/public)", slug: "public", url: "/api/public/openapi.json" },
    ],
    withDefaultFonts: false,
    telemetry: false,
    proxyUrl: "",
    showDeveloperTools: "never",
    agent: { disabled: true },
    // "Connect MCP" writes this into the user's MCP client configuration: it must be absolute.
    mcp: { name: "Workspace API", url: `${origin}/api/v1/mcp` },
    // Twenty-odd operations: all of them on the page, for reading and for the browser's find.
    defaultOpenAllTags: true,
    showOperationId: true,
    hideDarkModeToggle: false,
    authentication: { preferredSecurityScheme: "apiKey" },
    metaData: { title: "API reference · Workspace" },
    customCss: CONTRAST_FIXES,
  };
  return (
    <>
      {/* The renderer mounts itself beside this element, inside the wrapper. */}
      <div id="api-reference-root">
        <script id="api-reference" type="application/json" data-configuration={JSON.stringify(configuration)} />
      </div>
      <Script src={`/docs/api/reference.js?v=${version}`} strategy="afterInteractive" />
    </>
  );
}
