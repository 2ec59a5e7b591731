// Which way imports may point. Dependencies go one way, app → components → lib: a route owns its
// pages; components are screens and widgets, and import the server actions they call from
// lib/surfaces/actions/<area>/; lib holds the domain, the surfaces and the plumbing and knows
// nothing of either. `npm run lint:deps`
// checks it (and `npm test` runs that right after the typecheck).

/** The three layers of lib/, each a folder. */
const DOMAIN = "^lib/domain/";
const SURFACES = "^lib/surfaces/";
const PLATFORM = "^lib/platform/";
/** What every layer may read: Prisma's generated client. */
const GENERATED = "^lib/generated/";
/** The server actions, one "use server" module per screen or area, in a folder of the actions surface. */
const ACTIONS = "^lib/surfaces/actions/[^/]+/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-lib-or-components-to-app",
      severity: "error",
      comment: "components/ and lib/ must not import from app/: a route renders them, not the other way round. A component imports the server actions it calls from lib/surfaces/actions/<area>/.",
      from: { path: "^(components|lib)/" },
      to: { path: "^app/" },
    },
    {
      name: "no-components-to-route-files",
      severity: "error",
      comment: "A component must not import a route file (page, layout, route handler); the route renders the component, not the other way round.",
      from: { path: "^components/" },
      to: { path: "(^|/)(page|layout|template|default|loading|error|not-found|route)\\.(ts|tsx)$" },
    },
    {
      name: "components-import-only-actions-of-the-surfaces",
      severity: "error",
      comment: "Of the surfaces, a component imports only server actions (lib/surfaces/actions/<area>/*.ts): the rest (the API pipeline, the session readers, the action wrapper itself) runs on the server and belongs to routes and actions.",
      from: { path: "^components/" },
      to: { path: SURFACES, pathNot: ACTIONS },
    },
    {
      name: "no-lib-to-components",
      severity: "error",
      comment: "lib/ knows nothing of the screens: a type both need (an action's answer) is declared by the action, and the component imports it from there.",
      from: { path: "^lib/" },
      to: { path: "^components/" },
    },
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules that import each other, even for types only, cannot be read, tested or moved one at a time.",
      from: { pathNot: "^lib/generated/" },
      to: { circular: true },
    },
    {
      name: "domain-imports-only-platform",
      severity: "error",
      comment: "The domain (lib/domain/<resource>/<verb-noun>.ts) knows nothing of HTTP, caches or surfaces: it imports the platform and other domain folders only, and records events that the platform acts on.",
      from: { path: DOMAIN },
      to: { path: "^lib/", pathNot: [DOMAIN, PLATFORM, GENERATED] },
    },
    {
      name: "domain-calls-no-cache",
      severity: "error",
      comment: "A use case changes rows and records its event; dropping or refreshing cached answers is the platform's reaction to that event, so a cache is never called from the domain (it would be skipped by every other writer of the same rows).",
      from: { path: DOMAIN },
      to: { path: "^lib/platform/cache/" },
    },
    {
      name: "surfaces-import-domain-and-platform",
      severity: "error",
      comment: "A surface (lib/surfaces/...) parses, calls the domain and presents: it imports the domain, the platform and its own layer, never anything else in lib/.",
      from: { path: SURFACES },
      to: { path: "^lib/", pathNot: [SURFACES, DOMAIN, PLATFORM, GENERATED] },
    },
    {
      name: "platform-imports-neither",
      severity: "error",
      comment: "The platform (lib/platform/...) is what the domain and the surfaces stand on: it imports neither. Work that needs a domain function is registered with it from a surface (the worker's composition root).",
      from: { path: PLATFORM },
      to: { path: "^lib/", pathNot: [PLATFORM, GENERATED] },
    },
    {
      name: "lib-is-layered",
      severity: "error",
      comment: "Every file of lib/ stands in one of the three layer folders (or is Prisma's generated client).",
      from: { path: "^lib/", pathNot: [DOMAIN, SURFACES, PLATFORM, GENERATED] },
      to: {},
    },
    {
      name: "no-folders-importing-each-other",
      severity: "error",
      comment: "Two folders whose files import each other, in any number of steps, are one knot: neither can be read, tested or moved alone. Share the piece both need by moving it down, or let one side register with the other.",
      scope: "folder",
      from: { pathNot: GENERATED },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^lib/generated/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"], extensions: [".ts", ".tsx", ".js", ".mjs"] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
