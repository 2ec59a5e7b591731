import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [".next/**", ".server/**", "node_modules/**", "lib/generated/**", ".data/**", "e2e/artifacts/**",
      "test-results/**", "playwright-report/**", "next-env.d.ts"],
  },
  {
    // A Pages Router rule (use next/head, not <head>), and the app has no pages/ folder. The rule
    // tells the two routers apart by whether a file's absolute path contains "app/", so its verdict
    // changed with where the clone lives: under a folder named app (a container's usual working
    // directory) it kept quiet, elsewhere it fired. The one <head> in the code is a mail document's.
    rules: { "@next/next/no-head-element": "off" },
  },
];

export default config;
