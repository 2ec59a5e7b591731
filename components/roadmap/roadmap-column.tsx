"use client";

import { useDroppable } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useHydrated } from "@/components/ui/use-hydrated";
import Link from "next/link";
import { DropdownMenu } from "radix-ui";
import { PostPicker } from "@/components/posts/post-picker";
import { PostStatus } from "@/components/portal/post-status";
import { firstError } from "@/components/ui/first-error";
import { useToast } from "@/components/ui/toast";
import type { RoadmapStage } from "@/lib/generated/prisma/enums";
import type { BoardItem } from "@/lib/domain/roadmap/get-roadmap-board";
import { linkPostAction, searchPostsAction } from "@/lib/surfaces/actions/dashboard/roadmap";
import { STAGE_DOTS, STAGE_LABELS, type RoadmapCan } from "./roadmap-stages";

type ColumnProps = {
  slug: string;
  stage: RoadmapStage;
  items: BoardItem[];
  can: RoadmapCan;
  onAdd: () => void;
  onEdit: (item: BoardItem) => void;
  onDelete: (item: BoardItem) => void;
};

/** One stage: a drop zone (so an empty column takes cards too) holding its sortable cards. */
export function RoadmapColumn({ slug, stage, items, can, onAdd, onEdit, onDelete }: ColumnProps) {
  const { setNodeRef, isOver } = useDroppable({ id: stage });
  // "+ Add" opens a dialog from its click handler, which exists once React has hydrated the page.
  const hydrated = useHydrated();
  const headingId = `roadmap-column-${stage}`;
  return (
    <section aria-labelledby={headingId} className={`rounded-xl border bg-slate-100/70 p-2 ${isOver ? "border-indigo-300" : "border-slate-200"}`} data-testid={`column-${stage}`}>
      <div className="flex items-center justify-between px-1.5 pt-1 pb-2">
        <h2 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-800">
          <span aria-hidden="true" className={`size-2.5 rounded-full ${STAGE_DOTS[stage]}`} />
          {STAGE_LABELS[stage]}
          <span className="font-normal text-slate-600 tabular-nums">{items.length}</span>
        </h2>
        {can.manage ? (
          <button type="button" onClick={onAdd} disabled={!hydrated} aria-label={`Add an item to ${STAGE_LABELS[stage]}`} className="rounded-md px-2 py-1 text-sm font-medium text-slate-600 hover:bg-white hover:text-slate-900">
            + Add
          </button>
        ) : null}
      </div>
      <SortableContext id={stage} items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <ul ref={setNodeRef} className="min-h-16 space-y-2" aria-label={`${STAGE_LABELS[stage]} items`}>
          {items.map((item) => (
            <SortableCard key={item.id} slug={slug} item={item} can={can} onEdit={() => onEdit(item)} onDelete={() => onDelete(item)} />
          ))}
          {items.length === 0 ? <li className="rounded-lg border border-dashed border-slate-300 px-3 py-5 text-center text-sm text-slate-600">{can.manage ? "Drop items here, or add one." : "Nothing here yet."}</li> : null}
        </ul>
      </SortableContext>
    </section>
  );
}

type CardProps = { slug: string; item: BoardItem; can: RoadmapCan; onEdit: () => void; onDelete: () => void };

function SortableCard({ slug, item, can, onEdit, onDelete }: CardProps) {
  const toast = useToast();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.id, disabled: !can.manage });
  // The drag handle and the unlink button act through listeners React attaches when it hydrates.
  const hydrated = useHydrated();

  async function link(postId: string, roadmapItemId: string | null, done: string) {
    try {
      const result = await linkPostAction(slug, postId, roadmapItemId);
      if (result.ok) toast.success(done);
      else toast.error(firstError(result.fieldErrors, "The link could not be changed."));
    } catch {
      toast.error("The server did not answer; nothing was changed. Try again.");
    }
  }

  return (
    <li ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition }} className={isDragging ? "opacity-40" : ""} data-testid="roadmap-card" data-title={item.title}>
      <CardBody
        item={item}
        handle={
          can.manage ? (
            <button
              ref={setActivatorNodeRef}
              {...attributes}
              {...listeners}
              disabled={!hydrated}
              aria-label={`Move ${item.title}`}
              className="-ml-1 cursor-grab touch-none rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 active:cursor-grabbing"
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
                {[5, 10, 15].flatMap((y) => [<circle key={`a${y}`} cx="7" cy={y} r="1.5" />, <circle key={`b${y}`} cx="13" cy={y} r="1.5" />])}
              </svg>
            </button>
          ) : null
        }
        menu={can.manage ? <CardMenu title={item.title} onEdit={onEdit} onDelete={onDelete} /> : null}
        renderPost={(post) =>
          can.link ? (
            <button type="button" onClick={() => link(post.id, null, `“${post.title}” is unlinked.`)} disabled={!hydrated} aria-label={`Unlink ${post.title}`} className="shrink-0 rounded px-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700">
              ×
            </button>
          ) : null
        }
        slug={slug}
        footer={
          can.link ? (
            <PostPicker
              label="+ Link post"
              ariaLabel={`Link a post to ${item.title}`}
              search={(q) => searchPostsAction(slug, q)}
              excludeIds={item.posts.map((post) => post.id)}
              describe={(post) => (post.roadmapItemId ? "Linked to another item; picking moves it here" : null)}
              onPick={(post) => link(post.id, item.id, `“${post.title}” is linked to “${item.title}”.`)}
            />
          ) : null
        }
      />
    </li>
  );
}

type CardBodyProps = {
  item: BoardItem;
  slug?: string;
  handle?: React.ReactNode;
  menu?: React.ReactNode;
  footer?: React.ReactNode;
  renderPost?: (post: BoardItem["posts"][number]) => React.ReactNode;
  className?: string;
};

/** A card's face: also what follows the pointer while dragging. */
export function CardBody({ item, slug, handle, menu, footer, renderPost, className = "" }: CardBodyProps) {
  return (
    <div className={`rounded-lg border border-slate-200 bg-white p-3 ${className}`}>
      <div className="flex items-start gap-1.5">
        {handle}
        <div className="min-w-0 flex-1">
          <h3 dir="auto" className="text-sm font-medium break-words text-slate-900">{item.title}</h3>
          {item.description ? <p dir="auto" className="mt-0.5 line-clamp-3 text-sm text-slate-600">{item.description}</p> : null}
        </div>
        {menu}
      </div>
      {item.posts.length ? (
        <ul className="mt-2 space-y-1 border-t border-slate-100 pt-2" aria-label={`Posts linked to ${item.title}`}>
          {item.posts.map((post) => (
            <li key={post.id} className="flex items-start gap-2 text-sm">
              {slug ? (
                <Link dir="auto" href={`/w/${slug}/posts/${post.id}`} className="min-w-0 flex-1 break-words text-slate-700 hover:text-indigo-700 hover:underline" data-testid="roadmap-post-title">
                  {post.title}
                </Link>
              ) : (
                <span dir="auto" className="min-w-0 flex-1 break-words text-slate-700" data-testid="roadmap-post-title">{post.title}</span>
              )}
              <span className="shrink-0 text-xs text-slate-600 tabular-nums" aria-label={`${post.voteCount} votes`}>
                ▲ {post.voteCount}
              </span>
              <PostStatus status={post.status} />
              {renderPost?.(post)}
            </li>
          ))}
          {item.postCount > item.posts.length ? <li className="text-xs text-slate-500">and {item.postCount - item.posts.length} more</li> : null}
        </ul>
      ) : null}
      {footer ? <div className="mt-1.5 -ml-1">{footer}</div> : null}
    </div>
  );
}

function CardMenu({ title, onEdit, onDelete }: { title: string; onEdit: () => void; onDelete: () => void }) {
  const itemClass = "cursor-pointer rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100";
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button type="button" aria-label={`Actions for ${title}`} className="shrink-0 rounded px-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800">
          <span aria-hidden="true">⋯</span>
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-32 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
          <DropdownMenu.Item className={itemClass} onSelect={onEdit}>
            Edit
          </DropdownMenu.Item>
          <DropdownMenu.Item className={`${itemClass} text-red-700`} onSelect={onDelete}>
            Delete
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
