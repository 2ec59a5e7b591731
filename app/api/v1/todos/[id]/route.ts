import { apiRoutes, defineRoute, type ApiContext } from "@/lib/surfaces/api/define-route";
import { getTodoOrThrow } from "@/lib/domain/todos/get-todo";
import { idParams } from "@/lib/surfaces/api/params";
import { updateTodoBody } from "@/lib/domain/todos/schemas";
import { updateTodo } from "@/lib/domain/todos/update-todo";
import { todoSchema, todoView } from "@/lib/domain/todos/view";

const currentTodo = async ({ params }: { params: { id: string } }, ctx: ApiContext) => todoView(await getTodoOrThrow(ctx.db, params.id));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    { scope: "todos:read", schemas: { params: idParams }, operation: { id: "getTodo", summary: "Get a todo", response: todoSchema } },
    async (input, ctx) => ({ data: await currentTodo(input, ctx) }),
  ),
  PATCH: defineRoute(
    {
      scope: "todos:write",
      schemas: { params: idParams, body: updateTodoBody },
      operation: {
        id: "updateTodo",
        summary: "Update, complete or archive a todo",
        description: "`completed` and `archived` set or clear `completedAt` and `archivedAt`.",
        response: todoSchema,
      },
      current: currentTodo,
    },
    async ({ params, body }, ctx) => ({ data: await updateTodo(ctx, params.id, body) }),
  ),
});
