import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, expect, it } from "vitest";

// The lint verdict must not depend on where the clone lives. Next.js's lint rules guess the router
// from a file's absolute path ("app/" anywhere in it): a clone under a folder named app (a
// container's usual working directory) once failed `npm run lint` on a disable comment that turned
// unused there. The repository's own files, linted as if the clone lived in /…/app/…, get the
// verdict they get here.

const root = path.resolve(import.meta.dirname, "../..");
const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), "wsp-lint-"));
const underApp = path.join(elsewhere, "app");
fs.mkdirSync(underApp);
afterAll(() => fs.rmSync(elsewhere, { recursive: true, force: true }));

const FILES = ["lib/platform/mail/templates/mail-layout.tsx", "components/portal/portal-brand.tsx", "app/p/[workspace]/status/page.tsx"];

async function messages(cwd: string) {
  const eslint = new ESLint({ cwd, overrideConfigFile: path.join(root, "eslint.config.mjs") });
  const found: string[] = [];
  for (const file of FILES) {
    const [result] = await eslint.lintText(fs.readFileSync(path.join(root, file), "utf8"), { filePath: path.join(cwd, file) });
    for (const message of result!.messages) found.push(`${file}:${message.line} ${message.ruleId ?? ""} ${message.message}`);
  }
  return found;
}

it("lints the same inside a folder named app as anywhere else", { timeout: 60_000 }, async () => {
  expect(await messages(underApp)).toEqual([]);
  expect(await messages(elsewhere)).toEqual([]);
});
