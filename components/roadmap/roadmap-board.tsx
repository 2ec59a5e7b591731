"use client";

import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { arrayMove, sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useRef, useState, useTransition } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { firstError } from "@/components/ui/first-error";
import { useToast } from "@/components/ui/toast";
import type { RoadmapStage } from "@/lib/generated/prisma/enums";
import type { BoardItem } from "@/lib/domain/roadmap/get-roadmap-board";
import { ROADMAP_STAGES } from "@/lib/domain/roadmap/schemas";
import { advanceLinkedPostsAction, createRoadmapItemAction, deleteRoadmapItemAction, moveRoadmapItemAction, updateRoadmapItemAction } from "@/lib/surfaces/actions/dashboard/roadmap";
import { AdvancePostsDialog, type AdvanceOffer } from "./advance-posts-dialog";
import { ItemDialog } from "./item-dialog";
import { CardBody, RoadmapColumn } from "./roadmap-column";
import { STAGE_LABELS, type RoadmapCan } from "./roadmap-stages";

type Board = Record<RoadmapStage, BoardItem[]>;

type Props = { slug: string; board: Board; portalPublished: boolean; can: RoadmapCan };

const isStage = (id: UniqueIdentifier): id is RoadmapStage => (ROADMAP_STAGES as readonly UniqueIdentifier[]).includes(id);

/**
 * The roadmap as three columns. Admins drag a card by its handle with the mouse, touch or the
 * keyboard (Space lifts, arrows move, also into the next column, Space drops, Escape cancels);
 * dnd-kit announces each step to screen readers. The dropped order shows at once; the server
 * places the card above the neighbour it was dropped on, and the page re-renders with the
 * stored order (the old one back, with a message, if the move was refused).
 */
export function RoadmapBoard({ slug, board, portalPublished, can }: Props) {
  const toast = useToast();
  const router = useRouter();
  const [columns, setColumns] = useState(board);
  const [shown, setShown] = useState(board);
  // A fresh board from the server replaces whatever the last drag left on screen.
  if (shown !== board) {
    setShown(board);
    setColumns(board);
  }
  const [activeId, setActiveId] = useState<string | null>(null);
  const origin = useRef<{ stage: RoadmapStage; index: number } | null>(null);
  const [creatingIn, setCreatingIn] = useState<RoadmapStage | null>(null);
  const [editing, setEditing] = useState<BoardItem | null>(null);
  const [deleting, setDeleting] = useState<BoardItem | null>(null);
  const [offer, setOffer] = useState<AdvanceOffer | null>(null);
  // Said while a move is being saved: a reload before the answer would show the old order.
  const [savingOrder, startSavingOrder] = useTransition();

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const stageOf = useCallback(
    (id: UniqueIdentifier): RoadmapStage | undefined => (isStage(id) ? id : ROADMAP_STAGES.find((stage) => columns[stage].some((item) => item.id === id))),
    [columns],
  );
  const titleOf = (id: UniqueIdentifier) => ROADMAP_STAGES.flatMap((stage) => columns[stage]).find((item) => item.id === id)?.title ?? "item";
  const placeOf = (id: UniqueIdentifier) => {
    const stage = stageOf(id);
    if (!stage) return "no column";
    if (isStage(id)) return `${STAGE_LABELS[stage]}, at the end`;
    const index = columns[stage].findIndex((item) => item.id === id);
    return `${STAGE_LABELS[stage]}, position ${index + 1} of ${columns[stage].length}`;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}, in ${placeOf(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${titleOf(active.id)} is over ${placeOf(over.id)}.` : `${titleOf(active.id)} is not over a column.`),
    // Said before the drop is applied: the card lands where the one it is over stands now.
    onDragEnd: ({ active, over }) => (over ? `${titleOf(active.id)} dropped in ${placeOf(over.id)}.` : `${titleOf(active.id)} dropped back in place.`),
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} cancelled; it is back where it was.`,
  };

  function onDragStart({ active }: DragStartEvent) {
    const stage = stageOf(active.id)!;
    origin.current = { stage, index: columns[stage].findIndex((item) => item.id === active.id) };
    setActiveId(String(active.id));
  }

  // Crossing into another column moves the card there at once, so the target column opens a gap.
  function onDragOver({ active, over }: DragOverEvent) {
    const from = stageOf(active.id);
    const to = over ? stageOf(over.id) : undefined;
    if (!from || !to || from === to) return;
    setColumns((current) => {
      const item = current[from].find((candidate) => candidate.id === active.id);
      if (!item) return current;
      const target = current[to];
      const overIndex = target.findIndex((candidate) => candidate.id === over!.id);
      const index = overIndex >= 0 ? overIndex : target.length;
      return { ...current, [from]: current[from].filter((candidate) => candidate.id !== active.id), [to]: [...target.slice(0, index), { ...item, stage: to }, ...target.slice(index)] };
    });
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    setActiveId(null);
    const start = origin.current;
    origin.current = null;
    const stage = stageOf(active.id);
    if (!over || !stage || !start) return setColumns(board);
    let next = columns;
    if (stageOf(over.id) === stage && !isStage(over.id)) {
      const from = columns[stage].findIndex((item) => item.id === active.id);
      const to = columns[stage].findIndex((item) => item.id === over.id);
      if (from !== to) next = { ...columns, [stage]: arrayMove(columns[stage], from, to) };
    }
    const index = next[stage].findIndex((item) => item.id === active.id);
    if (start.stage === stage && start.index === index) return setColumns(board);
    setColumns(next);
    save(String(active.id), stage, next[stage][index + 1]?.id ?? null);
  }

  function save(id: string, stage: RoadmapStage, beforeId: string | null) {
    startSavingOrder(async () => {
      try {
        const result = await moveRoadmapItemAction(slug, id, { stage, beforeId });
        if (!result.ok) {
          // Refused (an item deleted or moved in another tab): show the order as it is now.
          setColumns(board);
          router.refresh();
          toast.error(firstError(result.fieldErrors, "The new order could not be saved."));
          return;
        }
        if (result.data.offer && can.changeStatus) setOffer({ itemId: id, title: result.data.title, ...result.data.offer });
      } catch {
        setColumns(board);
        toast.error("The server did not answer; the order was not saved. Try again.");
      }
    });
  }

  async function remove(): Promise<string | null> {
    if (!deleting) return null;
    const result = await deleteRoadmapItemAction(slug, deleting.id);
    if (!result.ok) return firstError(result.fieldErrors, "The item could not be deleted.");
    toast.success(`“${deleting.title}” is deleted.`);
    setDeleting(null);
    return null;
  }

  async function advance(postIds: string[]): Promise<string | null> {
    if (!offer) return null;
    const result = await advanceLinkedPostsAction(slug, offer.itemId, postIds);
    if (!result.ok) return firstError(result.fieldErrors, "The posts could not be moved.");
    const { moved, skipped } = result.data;
    toast.success(`${moved} post${moved === 1 ? "" : "s"} moved${skipped ? `; ${skipped} changed meanwhile and stayed` : ""}.`);
    setOffer(null);
    return null;
  }

  const active = activeId ? ROADMAP_STAGES.flatMap((stage) => columns[stage]).find((item) => item.id === activeId) : undefined;
  return (
    <main className="space-y-6">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div className="max-w-2xl">
          <h1 className="text-2xl font-semibold tracking-tight">Roadmap</h1>
          <p className="mt-1 text-sm text-slate-600">
            What you plan, build and ship, in the order your users see it.{" "}
            {portalPublished ? (
              <Link href={`/p/${slug}/roadmap`} className="text-indigo-700 underline underline-offset-2 hover:text-indigo-600">
                View the public roadmap
              </Link>
            ) : (
              "Publish the portal in Settings to show it publicly."
            )}{" "}
            <span role="status" className="text-slate-600" data-testid="order-saving">
              {savingOrder ? "Saving the order…" : ""}
            </span>
          </p>
        </div>
      </div>
      <DndContext
        id="roadmap-board"
        sensors={sensors}
        collisionDetection={closestCorners}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={() => {
          setActiveId(null);
          setColumns(board);
        }}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable: "To move an item, press Space, then use the arrow keys: up and down within a column, left and right to another column. Press Space again to drop it, or Escape to cancel.",
          },
        }}
      >
        <div className="grid gap-4 md:grid-cols-3 md:items-start">
          {ROADMAP_STAGES.map((stage) => (
            <RoadmapColumn
              key={stage}
              slug={slug}
              stage={stage}
              items={columns[stage]}
              can={can}
              onAdd={() => setCreatingIn(stage)}
              onEdit={setEditing}
              onDelete={setDeleting}
            />
          ))}
        </div>
        <DragOverlay>{active ? <CardBody item={active} className="shadow-xl ring-2 ring-indigo-300" /> : null}</DragOverlay>
      </DndContext>

      <ItemDialog
        open={creatingIn !== null}
        onClose={() => setCreatingIn(null)}
        title={creatingIn ? `Add to ${STAGE_LABELS[creatingIn]}` : "Add an item"}
        submitLabel="Add item"
        save={(input) => createRoadmapItemAction(slug, { ...input, stage: creatingIn ?? "planned" })}
        onSaved={(saved) => {
          setCreatingIn(null);
          toast.success(`“${saved.title}” is on the roadmap.`);
        }}
      />
      <ItemDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? `Edit “${editing.title}”` : "Edit item"}
        submitLabel="Save changes"
        initial={editing ? { title: editing.title, description: editing.description } : undefined}
        save={(input) => updateRoadmapItemAction(slug, editing!.id, input)}
        onSaved={() => {
          setEditing(null);
          toast.success("Item saved.");
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete “${deleting.title}”?` : "Delete item?"}
        confirmLabel="Delete item"
        pendingLabel="Deleting…"
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
        testId="delete-roadmap-item-dialog"
      >
        <p>It leaves the roadmap and the public portal. Its linked posts stay, unlinked. This cannot be undone.</p>
      </ConfirmDialog>
      <AdvancePostsDialog offer={offer} onClose={() => setOffer(null)} accept={advance} />
    </main>
  );
}
