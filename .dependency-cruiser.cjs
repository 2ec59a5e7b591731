// Which way imports may point. Dependencies go one way, app → components → lib: a route owns its
// pages and server actions and hands the actions down as props; components are screens and
// widgets; lib holds the domain and the plumbing and knows nothing of either. `npm run lint:deps`
// checks it (and `npm test` runs that right after the typecheck).

/** The domain: one directory per resource, one use case per file, free of HTTP. */
const DOMAIN = "^lib/(boards|changelog|comments|invitations|keys|members|plans|posts|roadmap|status|todos|users|votes|workspaces)/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-lib-or-components-to-app",
      severity: "error",
      comment: "components/ and lib/ must not import from app/: a page passes its server actions down as props instead.",
      from: { path: "^(components|lib)/" },
      to: { path: "^app/" },
    },
    {
      name: "no-components-to-route-files",
      severity: "error",
      comment: "A component must not import a route file (page, layout, route handler, server actions); the route renders the component, not the other way round.",
      from: { path: "^components/" },
      to: { path: "(^|/)(page|layout|template|default|loading|error|not-found|route|actions)\\.(ts|tsx)$" },
    },
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules that import each other, even for types only, cannot be read, tested or moved one at a time.",
      from: { pathNot: "^lib/generated/" },
      to: { circular: true },
    },
    {
      name: "domain-not-to-api",
      severity: "error",
      comment: "The domain (lib/<resource>) knows nothing of HTTP: it throws domain errors, and lib/api maps them to responses.",
      from: { path: DOMAIN },
      to: { path: "^lib/api/" },
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
