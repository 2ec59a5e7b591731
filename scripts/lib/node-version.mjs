// The Node.js this project runs on, from `engines` in package.json. The entry points (npm start,
// npm run dev, the compiled server and worker) ask first, before loading anything that an older
// Node would fail on with a stack trace instead of a reason.
import fs from "node:fs";

/** The lowest version `engines.node` allows (">=24.11 <27" gives [24, 11, 0]). */
export function minimumNode(range) {
  const match = />=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(range ?? "");
  return match ? [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)] : [0, 0, 0];
}

/** Null when `version` ("24.11.1") satisfies the range's minimum, else the reason to refuse. */
export function nodeVersionRefusal(version, range) {
  const have = version.split(".").map(Number);
  const need = minimumNode(range);
  for (let i = 0; i < 3; i++) {
    if ((have[i] ?? 0) > need[i]) return null;
    if ((have[i] ?? 0) < need[i]) {
      return (
        `Refusing to start on Node.js ${version}: this project needs Node.js ${need.join(".")} or later ` +
        `(package.json engines: "${range}"). Install Node.js 24 LTS (https://nodejs.org, or \`npm install -g node@24\`) and run it again.`
      );
    }
  }
  return null;
}

/** Exits with the reason when this Node.js is too old for the project. */
export function requireSupportedNode(packageJson = new URL("../../package.json", import.meta.url)) {
  const range = JSON.parse(fs.readFileSync(packageJson, "utf8")).engines?.node;
  const refusal = nodeVersionRefusal(process.versions.node, range);
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
}
