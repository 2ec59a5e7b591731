import type { ScopedDb } from "@/lib/platform/db/scoped";
import type { Plan } from "@/lib/generated/prisma/enums";
import { countUsage } from "@/lib/domain/plans/enforce-plan-limit";
import { planLimit, type LimitedResource } from "@/lib/domain/plans/limits";
import type { ImportAdapter, SourceInput } from "./adapter";
import { addressOf, countVerifiedAccounts } from "./people";
import type { ImportKind, SourceItem } from "./records";

export interface ImportPreview {
  /** Rows that will be created, per kind. */
  create: Partial<Record<ImportKind, number>>;
  /** Rows that will not, and why ("post: already imported"). */
  skip: Record<string, number>;
  people: { total: number; matched: number; unclaimed: number };
  /** Resources the plan has no room for: the run is refused while any is listed. */
  overLimit: { resource: LimitedResource; limit: number; used: number; adding: number }[];
  rows: number;
}

const LIMITED: Partial<Record<ImportKind, LimitedResource>> = {
  board: "boards",
  post: "posts",
  release_note: "releaseNotes",
  todo_item: "todoItems",
  status_component: "statusComponents",
};
// Addresses kept to count matching accounts; beyond it the preview counts people without matching.
const MAX_PEOPLE = 200_000;

function peopleOf(item: SourceItem) {
  if (item.kind === "vote") return [item.voter];
  if (item.kind === "post" || item.kind === "comment") return item.author ? [item.author] : [];
  return [];
}

/** Reads the whole source once, writing nothing: what a run would create and skip. */
export async function computePreview(db: ScopedDb, plan: Plan, adapter: ImportAdapter<never>, input: SourceInput<never>, onRows?: (rows: number) => Promise<void>): Promise<ImportPreview> {
  const preview: ImportPreview = { create: {}, skip: {}, people: { total: 0, matched: 0, unclaimed: 0 }, overLimit: [], rows: 0 };
  const addresses = new Set<string>();
  let batch: { kind: ImportKind; ids: string[] } | null = null;
  // Into a workspace this source never imported into, nothing can be "already imported": no
  // lookups, row by row, of a large source's ids.
  const importedBefore = (await db.importedRow.findFirst({ where: { source: adapter.source }, select: { sourceId: true } })) !== null;
  const checkBatch = async () => {
    if (!batch || batch.ids.length === 0) return;
    const found = importedBefore ? await db.importedRow.count({ where: { source: adapter.source, kind: batch.kind, sourceId: { in: batch.ids } } }) : 0;
    preview.create[batch.kind] = (preview.create[batch.kind] ?? 0) + batch.ids.length - found;
    if (found) preview.skip[`${batch.kind}: already imported`] = (preview.skip[`${batch.kind}: already imported`] ?? 0) + found;
    batch = null;
  };
  for await (const item of adapter.read(input)) {
    preview.rows += 1;
    if (onRows && preview.rows % 20_000 === 0) await onRows(preview.rows);
    if (item.kind === "skip") {
      preview.skip[item.reason] = (preview.skip[item.reason] ?? 0) + 1;
      continue;
    }
    for (const person of peopleOf(item)) {
      const address = addressOf(person, adapter.source);
      if (address && addresses.size < MAX_PEOPLE) addresses.add(address);
    }
    if (item.kind === "vote") {
      preview.create.vote = (preview.create.vote ?? 0) + 1;
      continue;
    }
    if (batch && (batch.kind !== item.kind || batch.ids.length >= 2_000)) await checkBatch();
    batch ??= { kind: item.kind, ids: [] };
    batch.ids.push(item.sourceId);
  }
  await checkBatch();
  const real = [...addresses].filter((address) => !address.endsWith("@imported.invalid"));
  preview.people = { total: addresses.size, matched: await countVerifiedAccounts(real), unclaimed: 0 };
  preview.people.unclaimed = preview.people.total - preview.people.matched;
  for (const [kind, resource] of Object.entries(LIMITED) as [ImportKind, LimitedResource][]) {
    const adding = preview.create[kind] ?? 0;
    const limit = planLimit(plan, resource);
    if (!adding || limit === null) continue;
    const used = await countUsage(db, resource);
    if (used + adding > limit) preview.overLimit.push({ resource, limit, used, adding });
  }
  return preview;
}
