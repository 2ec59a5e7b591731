import { apiRoutes, defineRoute } from "@/lib/api/define-route";
import { createTodo } from "@/lib/todos/create-todo";
import { listTodos } from "@/lib/todos/list-todos";
import { createTodoBody, listTodosQuery } from "@/lib/todos/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  GET: defineRoute({ scope: "todos:read", schemas: { query: listTodosQuery } }, ({ query }, ctx) => listTodos(ctx.db, query)),
  POST: defineRoute({ scope: "todos:write", schemas: { body: createTodoBody }, status: 201 }, async ({ body }, ctx) => ({
    data: await createTodo(ctx, body),
  })),
});
