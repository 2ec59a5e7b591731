import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PlanMeter } from "@/components/settings/plan-meter";
import { TodoBoard } from "@/components/todos/todo-board";
import { workspacePageActor } from "@/lib/surfaces/dashboard/page-actor";
import { getPlanAllowance } from "@/lib/domain/plans/get-plan-allowance";
import { roleCan } from "@/lib/domain/access/roles";
import { getTodoBoard, type TodoState } from "@/lib/domain/todos/get-todo-board";
import { TODO_STATES } from "@/lib/domain/todos/schemas";

export const metadata: Metadata = { title: "Todos" };

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const isState = (value: unknown): value is TodoState => typeof value === "string" && (TODO_STATES as readonly string[]).includes(value);

/** `?list=<id>&state=open|completed|archived|all`: which list and which of its items, in the URL. */
export default async function TodosPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const query = await searchParams;
  const state = isState(query.state) ? query.state : "open";
  const listId = typeof query.list === "string" ? query.list : null;
  const { actor, workspace } = await workspacePageActor(slug, "/todos");
  const [board, allowance] = await Promise.all([getTodoBoard(actor.db, { listId, state }), getPlanAllowance(actor.db, workspace.plan, "todoItems")]);
  // A list deleted meanwhile (or a made-up id) leads to the first list, under a URL that says so.
  if (listId && board.list?.id !== listId) redirect(`/w/${slug}/todos?state=${state}`);

  return (
    <TodoBoard
      slug={slug}
      role={actor.role}
      canManage={roleCan(actor.role, "todos.manage")}
      board={board}
      state={state}
      limitMessage={allowance.limitMessage && `${allowance.limitMessage} Archived items count too: delete a list you no longer need to make room.`}
      usage={<PlanMeter used={allowance.used} limit={allowance.limit} plan={workspace.plan} label="todo items" testId="todo-usage" />}
    />
  );
}
