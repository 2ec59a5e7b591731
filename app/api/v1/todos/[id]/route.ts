import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { idParams } from "@/lib/surfaces/api/params";
import { updateTodoBody } from "@/lib/domain/todos/schemas";
import { updateTodo } from "@/lib/domain/todos/update-todo";
import { todoSchema } from "@/lib/domain/todos/view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
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
    },
    async ({ params, body }, ctx) => ({ data: await updateTodo(ctx, params.id, body) }),
  ),
});
