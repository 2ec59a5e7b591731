import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

// `npm run lint:deps` is what keeps lib/ in three layers. Each case builds a small tree in a
// scratch folder with the project's own dependency-cruiser configuration and runs depcruise on it,
// as the script does: a tree that keeps the rules passes, and each kind of wrong import fails,
// naming the rule it breaks. (Run on a scratch tree so nothing of the real one is touched while
// other checks read it.)

const ROOT = process.cwd();
const DEPCRUISE = path.join(ROOT, "node_modules/.bin/depcruise");

let scratch: string | undefined;
afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

/** Writes `files` (path → source) under a scratch root and runs depcruise over its lib/ (and app/ and components/ when given). */
function cruise(files: Record<string, string>): { status: number | null; output: string } {
  scratch = mkdtempSync(path.join(tmpdir(), "dependency-rules-"));
  cpSync(path.join(ROOT, ".dependency-cruiser.cjs"), path.join(scratch, ".dependency-cruiser.cjs"));
  writeFileSync(path.join(scratch, "tsconfig.json"), JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@/*": ["./*"] }, module: "esnext", moduleResolution: "bundler" } }));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    writeFileSync(path.join(scratch, file), source);
  }
  const roots = ["app", "components", "lib"].filter((root) => Object.keys(files).some((file) => file.startsWith(`${root}/`)));
  const result = spawnSync(DEPCRUISE, ["--config", ".dependency-cruiser.cjs", "--output-type", "err", ...roots], { cwd: scratch, encoding: "utf8" });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

// A tree as the rules want it: a surface calls a use case, which uses the platform.
const LAYERED = {
  "lib/platform/db/client.ts": "export const db = {};\n",
  "lib/domain/posts/create-post.ts": 'import { db } from "@/lib/platform/db/client";\nexport const createPost = () => db;\n',
  "lib/surfaces/api/define-route.ts": 'import { createPost } from "@/lib/domain/posts/create-post";\nimport { db } from "@/lib/platform/db/client";\nexport const route = () => [createPost(), db];\n',
};

// A screen as the rules want it: the page renders a component, and both import the server action
// (one "use server" module of the actions surface, through the one wrapper) directly.
const SCREEN = {
  ...LAYERED,
  "lib/surfaces/actions/server-action.ts": "export const serverAction = (run: () => unknown) => run();\n",
  "lib/surfaces/actions/dashboard/todos.ts":
    '"use server";\nimport { serverAction } from "@/lib/surfaces/actions/server-action";\nimport { createPost } from "@/lib/domain/posts/create-post";\nexport async function createTodoAction() { return serverAction(() => createPost()); }\n',
  "components/todos/todo-board.tsx": 'import { createTodoAction } from "@/lib/surfaces/actions/dashboard/todos";\nexport const TodoBoard = () => createTodoAction;\n',
  "app/w/todos/page.tsx":
    'import { TodoBoard } from "@/components/todos/todo-board";\nimport { createTodoAction } from "@/lib/surfaces/actions/dashboard/todos";\nexport const TodosPage = () => [TodoBoard, createTodoAction];\n',
};

describe("npm run lint:deps", () => {
  it("passes a tree whose imports go surfaces → domain → platform", () => {
    const { status, output } = cruise(LAYERED);
    expect(output).toContain("no dependency violations found");
    expect(status).toBe(0);
  });

  it.each([
    ["the domain imports a surface", "lib/domain/posts/list-posts.ts", 'import { route } from "@/lib/surfaces/api/define-route";\nexport const x = route;\n', "domain-imports-only-platform"],
    ["the domain calls a cache", "lib/domain/posts/list-posts.ts", 'import { drop } from "@/lib/platform/cache/drop";\nexport const x = drop;\n', "domain-calls-no-cache"],
    ["the platform imports the domain", "lib/platform/jobs/worker.ts", 'import { createPost } from "@/lib/domain/posts/create-post";\nexport const x = createPost;\n', "platform-imports-neither"],
    ["the platform imports a surface", "lib/platform/cache/refresh.ts", 'import { route } from "@/lib/surfaces/api/define-route";\nexport const x = route;\n', "platform-imports-neither"],
    ["a file stands outside the three layers", "lib/helpers.ts", 'import { db } from "@/lib/platform/db/client";\nexport const x = db;\n', "lib-is-layered"],
  ])("fails when %s", (_case, file, source, rule) => {
    const { status, output } = cruise({ ...LAYERED, "lib/platform/cache/drop.ts": "export const drop = () => undefined;\n", [file]: source });
    expect(status).not.toBe(0);
    expect(output).toContain(`error ${rule}: ${file}`);
  });

  it("passes a page and a component that both import a server action from the actions surface", () => {
    const { status, output } = cruise(SCREEN);
    expect(output).toContain("no dependency violations found");
    expect(status).toBe(0);
  });

  it.each([
    ["a component imports from app/", "components/todos/todo-title.tsx", 'import { TodosPage } from "@/app/w/todos/page";\nexport const x = TodosPage;\n', "no-lib-or-components-to-app"],
    ["a component imports the action wrapper rather than an action", "components/todos/todo-title.tsx", 'import { serverAction } from "@/lib/surfaces/actions/server-action";\nexport const x = serverAction;\n', "components-import-only-actions-of-the-surfaces"],
    ["a component imports another surface", "components/todos/todo-title.tsx", 'import { route } from "@/lib/surfaces/api/define-route";\nexport const x = route;\n', "components-import-only-actions-of-the-surfaces"],
    ["an action imports a component", "lib/surfaces/actions/dashboard/todo-lists.ts", '"use server";\nimport { TodoBoard } from "@/components/todos/todo-board";\nexport async function listAction() { return TodoBoard; }\n', "no-lib-to-components"],
  ])("fails when %s", (_case, file, source, rule) => {
    const { status, output } = cruise({ ...SCREEN, [file]: source });
    expect(status).not.toBe(0);
    expect(output).toContain(`error ${rule}: ${file}`);
  });

  it("fails when two folders import each other, even with no file-level cycle", () => {
    const { status, output } = cruise({
      ...LAYERED,
      // boards → posts through one file, posts → boards through another: no module cycle.
      "lib/domain/boards/get-board.ts": 'import { createPost } from "@/lib/domain/posts/create-post";\nexport const getBoard = () => createPost();\n',
      "lib/domain/posts/list-posts.ts": 'import { db } from "@/lib/platform/db/client";\nexport const listPosts = () => db;\n',
      "lib/domain/boards/board-name.ts": "export const boardName = (name: string) => name.trim();\n",
      "lib/domain/posts/post-board.ts": 'import { boardName } from "@/lib/domain/boards/board-name";\nexport const postBoard = boardName;\n',
    });
    expect(status).not.toBe(0);
    expect(output).toContain("error no-folders-importing-each-other");
    expect(output).not.toContain("error no-circular");
  });
});
