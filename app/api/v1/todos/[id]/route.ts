import { apiRoutes, defineRoute } from "@/lib/api/define-route";
import { idParams } from "@/lib/api/params";
import { updateTodoBody } from "@/lib/todos/schemas";
import { updateTodo } from "@/lib/todos/update-todo";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  PATCH: defineRoute({ scope: "todos:write", schemas: { params: idParams, body: updateTodoBody } }, async ({ params, body }, ctx) => ({
    data: await updateTodo(ctx, params.id, body),
  })),
});
