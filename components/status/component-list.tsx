"use client";

import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { startTransition, useOptimistic, useState, useTransition } from "react";
import { ComponentStatusLabel } from "@/components/portal/status-visuals";
import { LocalTime } from "@/components/ui/local-time";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { ComponentStatus } from "@/lib/generated/prisma/enums";
import type { DashboardComponent } from "@/lib/domain/status/get-status-dashboard";
import { COMPONENT_STATUSES } from "@/lib/domain/status/incident-rules";
import { createComponentAction, deleteComponentAction, reorderComponentsAction, setComponentStatusAction, updateComponentAction } from "@/lib/surfaces/actions/dashboard/status";
import { firstError } from "@/components/ui/first-error";
import { ComponentDialog } from "./component-dialog";
import { LabelOptions } from "./form-parts";
import { STATUS_LABELS } from "./status-labels";

type ComponentListProps = {
  slug: string;
  components: DashboardComponent[];
  canManage: boolean;
  /** The plan's refusal when the component limit is reached, said before anyone fills the form. */
  limitMessage: string | null;
  usage: React.ReactNode;
};

/**
 * The components in status-page order. Admins drag a row by its handle (mouse, touch, or the
 * keyboard: Space to lift, arrows to move, Space to drop, Escape to cancel), set a status by hand,
 * edit and delete; everyone else reads the list.
 */
export function ComponentList({ slug, components, canManage, limitMessage, usage }: ComponentListProps) {
  const toast = useToast();
  // The dropped order shows at once; the server's order replaces it when the page re-renders
  // (the same, or the old one back if the move was refused).
  const [order, setOptimisticOrder] = useOptimistic(components);
  // Said while a move is being saved: a reload before the answer would show the old order.
  const [savingOrder, startSavingOrder] = useTransition();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<DashboardComponent | null>(null);
  const [deleting, setDeleting] = useState<DashboardComponent | null>(null);

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const nameOf = (id: string | number) => order.find((component) => component.id === id)?.name ?? "component";
  const positionOf = (id: string | number) => order.findIndex((component) => component.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, position ${positionOf(active.id)} of ${order.length}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over position ${positionOf(over.id)} of ${order.length}.` : `${nameOf(active.id)} is no longer over the list.`),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${order.length}.` : `${nameOf(active.id)} dropped back in place.`),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} cancelled; it is back at position ${positionOf(active.id)}.`,
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const next = arrayMove(order, positionOf(active.id) - 1, positionOf(over.id) - 1);
    startSavingOrder(async () => {
      setOptimisticOrder(next);
      try {
        const result = await reorderComponentsAction(slug, { ids: next.map((component) => component.id) });
        if (!result.ok) toast.error(firstError(result.fieldErrors, "The new order could not be saved."));
      } catch {
        toast.error("The server did not answer; the order was not saved. Try again.");
      }
    });
  }

  async function remove(): Promise<string | null> {
    if (!deleting) return null;
    const result = await deleteComponentAction(slug, deleting.id);
    if (!result.ok) return firstError(result.fieldErrors, "The component could not be deleted.");
    toast.success(`“${deleting.name}” is deleted.`);
    setDeleting(null);
    return null;
  }

  return (
    <section aria-labelledby="components-heading" className="rounded-xl border border-slate-200 bg-white">
      <div className="flex flex-col gap-3 border-b border-slate-200 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-5">
        <div>
          <h2 id="components-heading" className="font-medium text-slate-900">
            Components
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">
            The parts of your service your users see, in this order.{" "}
            <span role="status" className="text-slate-500" data-testid="order-saving">
              {savingOrder ? "Saving the order…" : ""}
            </span>
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          {usage}
          {canManage ? (
            <Button variant="secondary" onClick={() => setCreating(true)} disabled={Boolean(limitMessage)} className="shrink-0">
              Add component
            </Button>
          ) : null}
        </div>
      </div>
      {limitMessage && canManage ? (
        <p className="border-b border-slate-200 bg-amber-50 px-4 py-2 text-sm text-amber-800 sm:px-5" data-testid="component-limit-note">
          {limitMessage} Delete a component to add another.
        </p>
      ) : null}

      {order.length === 0 ? (
        <div className="px-6 py-10 text-center">
          <p className="font-medium text-slate-900">No components yet</p>
          <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">Add the parts of your service people depend on (API, website, email…) so incidents and maintenance can say what they affect.</p>
          {canManage ? (
            <Button className="mt-4" variant="secondary" onClick={() => setCreating(true)} disabled={Boolean(limitMessage)}>
              Add your first component
            </Button>
          ) : null}
        </div>
      ) : (
        <DndContext
          id="status-components"
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: { draggable: "To move a component, press Space, then use the up and down arrows, and press Space again to drop it or Escape to cancel." },
          }}
        >
          <SortableContext items={order.map((component) => component.id)} strategy={verticalListSortingStrategy}>
            <ul className="divide-y divide-slate-100 rounded-b-xl" data-testid="component-list">
              {order.map((component) => (
                <ComponentRow
                  key={component.id}
                  slug={slug}
                  component={component}
                  canManage={canManage}
                  onEdit={() => setEditing(component)}
                  onDelete={() => setDeleting(component)}
                />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      )}

      <ComponentDialog
        open={creating}
        onClose={() => setCreating(false)}
        title="Add a component"
        submitLabel="Add component"
        limitMessage={limitMessage}
        save={(input) => createComponentAction(slug, input)}
        onSaved={(saved) => {
          setCreating(false);
          toast.success(`“${saved.name}” is on the status page.`);
        }}
      />
      <ComponentDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? `Edit “${editing.name}”` : "Edit component"}
        submitLabel="Save changes"
        initial={editing ?? undefined}
        limitMessage={null}
        save={(input) => updateComponentAction(slug, editing!.id, input)}
        onSaved={() => {
          setEditing(null);
          toast.success("Component saved.");
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete “${deleting.name}”?` : "Delete component?"}
        confirmLabel="Delete component"
        pendingLabel="Deleting…"
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
        testId="delete-component-dialog"
      >
        <p>
          It disappears from the status page with its uptime history, and from past incidents and maintenance windows. This cannot be undone.
        </p>
      </ConfirmDialog>
    </section>
  );
}

type RowProps = {
  slug: string;
  component: DashboardComponent;
  canManage: boolean;
  onEdit: () => void;
  onDelete: () => void;
};

function ComponentRow({ slug, component, canManage, onEdit, onDelete }: RowProps) {
  const toast = useToast();
  const [stored, setOptimisticStored] = useOptimistic(component.storedStatus);
  const [pending, setPending] = useState(false);
  // The status select and the drag handle act through handlers React attaches when it hydrates.
  const hydrated = useHydrated();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: component.id, disabled: !canManage });

  function changeStatus(next: ComponentStatus) {
    setPending(true);
    startTransition(async () => {
      setOptimisticStored(next);
      try {
        const result = await setComponentStatusAction(slug, component.id, { status: next });
        if (!result.ok) toast.error(firstError(result.fieldErrors, "The status could not be changed."));
        else toast.success(`${component.name} is now ${STATUS_LABELS[next].toLowerCase()}.`);
      } catch {
        toast.error("The server did not answer; the status was not changed. Try again.");
      } finally {
        setPending(false);
      }
    });
  }

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex flex-col gap-3 bg-white px-4 py-3 last:rounded-b-xl sm:flex-row sm:items-center sm:px-5 ${isDragging ? "relative z-10 shadow-lg ring-1 ring-indigo-200" : ""}`}
      data-testid="component-row"
      data-name={component.name}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        {canManage ? (
          <button
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            disabled={!hydrated}
            aria-label={`Move ${component.name}`}
            className="mt-0.5 -ml-1 cursor-grab touch-none rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 active:cursor-grabbing"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
              <circle cx="7" cy="5" r="1.5" />
              <circle cx="13" cy="5" r="1.5" />
              <circle cx="7" cy="10" r="1.5" />
              <circle cx="13" cy="10" r="1.5" />
              <circle cx="7" cy="15" r="1.5" />
              <circle cx="13" cy="15" r="1.5" />
            </svg>
          </button>
        ) : null}
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{component.name}</p>
          {component.description ? <p className="text-sm text-slate-600">{component.description}</p> : null}
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
            <ComponentStatusLabel status={component.status} />
            {component.maintenance ? (
              <span>
                Scheduled maintenance “{component.maintenance.title}” until <LocalTime value={component.maintenance.endsAt} />
              </span>
            ) : null}
            {component.activeIncidents.length ? <span>Affected by {component.activeIncidents.map((title) => `“${title}”`).join(", ")}</span> : null}
          </div>
        </div>
      </div>
      {canManage ? (
        <div className="flex items-center gap-2 sm:shrink-0">
          <label className="sr-only" htmlFor={`status-${component.id}`}>
            Status of {component.name}
          </label>
          <select
            id={`status-${component.id}`}
            value={stored}
            disabled={pending || !hydrated}
            onChange={(event) => changeStatus(event.target.value as ComponentStatus)}
            className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm sm:w-56 sm:flex-none"
          >
            <LabelOptions values={COMPONENT_STATUSES} labels={STATUS_LABELS} />
          </select>
          <Button variant="ghost" className="px-2.5" onClick={onEdit} aria-label={`Edit ${component.name}`}>
            Edit
          </Button>
          <Button variant="ghost" className="px-2.5 text-red-700 hover:bg-red-50" onClick={onDelete} aria-label={`Delete ${component.name}`}>
            Delete
          </Button>
        </div>
      ) : null}
    </li>
  );
}
