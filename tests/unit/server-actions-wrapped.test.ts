import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Every server action goes through the one wrapper (lib/surfaces/actions/server-action.ts:
// serverAction, or runWorkspaceAction built on it), so none can forget to read the session afresh,
// check the role, answer an outage or refresh what it changed. A "use server" file that reads the
// session, the role or the caches itself, or exports a function that never reaches the wrapper,
// fails here. The files are found by their directive wherever they are, and each must stand in a
// folder of the actions surface (lib/surfaces/actions/<area>/), where pages and components alike
// import it.

const ROOTS = ["app", "components", "lib"];
/** Where a "use server" module belongs: one file per screen or area, in an area folder of the actions surface. */
const ACTION_HOME = /^lib\/surfaces\/actions\/[a-z0-9-]+\/[a-z0-9-]+\.ts$/;

/** "use server" files outside the actions surface's area folders. */
export function misplacedActionFiles(files: string[]): string[] {
  return files.map((file) => file.split(path.sep).join("/")).filter((file) => !ACTION_HOME.test(file));
}
const WRAPPERS = ["serverAction", "runWorkspaceAction"];
/** What only the wrapper may call: the session, the role, the outage answer, the caches. */
const BYPASSES = ["guardAction", "refuseApiKeyInAction", "getWorkspaceActorOrThrow", "answerOutage", "runAction", "formFailureOf", "refreshAfterChange", "revalidatePath", "revalidateTag"];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function parse(file: string, text: string) {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
}

const isUseServer = (source: ts.SourceFile) =>
  source.statements.some((statement) => ts.isExpressionStatement(statement) && ts.isStringLiteral(statement.expression) && statement.expression.text === "use server");

/** Names called anywhere in `node`. */
function calledNames(node: ts.Node): Set<string> {
  const names = new Set<string>();
  const visit = (child: ts.Node) => {
    if (ts.isCallExpression(child) && ts.isIdentifier(child.expression)) names.add(child.expression.text);
    ts.forEachChild(child, visit);
  };
  visit(node);
  return names;
}

/** Top-level functions (declared, or arrow functions in a const) of a file, by name. */
function functionsOf(source: ts.SourceFile): Map<string, ts.Node> {
  const found = new Map<string, ts.Node>();
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && statement.body) found.set(statement.name.text, statement.body);
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.initializer) found.set(declaration.name.text, declaration.initializer);
      }
    }
  }
  return found;
}

/** Functions a file imports from a relative path (a helper beside the route), with that file's own functions. */
function importedFunctions(file: string, source: ts.SourceFile, read: (file: string) => string | null): Map<string, ts.Node> {
  const found = new Map<string, ts.Node>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    if (!specifier.startsWith(".")) continue;
    const base = path.join(path.dirname(file), specifier);
    const target = [`${base}.ts`, `${base}.tsx`].find((candidate) => read(candidate) !== null);
    if (!target) continue;
    const theirs = functionsOf(parse(target, read(target)!));
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        const body = theirs.get((element.propertyName ?? element.name).text);
        if (body) found.set(element.name.text, body);
      }
    }
  }
  return found;
}

/** What is wrong with one "use server" file: bypassing calls, and exported actions that never reach the wrapper. */
export function actionFileProblems(file: string, text: string, read: (file: string) => string | null = () => null): string[] {
  const source = parse(file, text);
  if (!isUseServer(source)) return [];
  const problems: string[] = [];
  for (const name of calledNames(source)) if (BYPASSES.includes(name)) problems.push(`${file} calls ${name} itself`);
  const helpers = new Map([...importedFunctions(file, source, read), ...functionsOf(source)]);
  const reaches = (node: ts.Node, depth = 0): boolean =>
    [...calledNames(node)].some((name) => WRAPPERS.includes(name) || (depth < 3 && helpers.has(name) && reaches(helpers.get(name)!, depth + 1)));
  for (const statement of source.statements) {
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
    if (exported && ts.isFunctionDeclaration(statement) && statement.name && statement.body && !reaches(statement.body)) {
      problems.push(`${file}: ${statement.name.text} does not go through serverAction`);
    }
  }
  return problems;
}

const readOrNull = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null);

describe("server actions", () => {
  const files = ROOTS.flatMap(sourceFiles).filter((file) => isUseServer(parse(file, fs.readFileSync(file, "utf8"))));

  it("are found (the check is looking at the real files)", () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it("all live in an area folder of the actions surface", () => {
    expect(misplacedActionFiles(files)).toEqual([]);
    expect(misplacedActionFiles(["lib/surfaces/actions/dashboard/todos.ts", "app/(dashboard)/w/[slug]/todos/actions.ts", "lib/surfaces/actions/loose.ts", "components/todos/todo-actions.ts"])).toEqual([
      "app/(dashboard)/w/[slug]/todos/actions.ts",
      "lib/surfaces/actions/loose.ts",
      "components/todos/todo-actions.ts",
    ]);
  });

  it("all go through the one wrapper", () => {
    expect(files.flatMap((file) => actionFileProblems(file, fs.readFileSync(file, "utf8"), readOrNull))).toEqual([]);
  });

  it("the check catches an action that reads the session itself, and one that never reaches the wrapper", () => {
    const bypass = `"use server";
import { guardAction } from "@/lib/surfaces/auth/guard-action";
export async function sneakyAction() { const user = await guardAction(); return user?.id; }`;
    const file = "lib/surfaces/actions/x/sneaky.ts";
    expect(actionFileProblems(file, bypass)).toEqual([`${file} calls guardAction itself`, `${file}: sneakyAction does not go through serverAction`]);
    const direct = `"use server";
import { createTodo } from "@/lib/domain/todos/create-todo";
export async function rawAction(actor: never) { return createTodo(actor, { title: "x" } as never); }`;
    expect(actionFileProblems("lib/surfaces/actions/y/raw.ts", direct)).toEqual(["lib/surfaces/actions/y/raw.ts: rawAction does not go through serverAction"]);
    const wrapped = `"use server";
const run = (slug: string) => runWorkspaceAction(slug, "x", async () => 1);
export async function fineAction(slug: string) { return run(slug); }`;
    expect(actionFileProblems("lib/surfaces/actions/z/fine.ts", wrapped)).toEqual([]);
  });
});
