import { apiRoutes, defineRoute } from "@/lib/surfaces/api/define-route";
import { createTodo } from "@/lib/domain/todos/create-todo";
import { listTodos } from "@/lib/domain/todos/list-todos";
import { createTodoBody, listTodosQuery } from "@/lib/domain/todos/schemas";
import { todoSchema } from "@/lib/domain/todos/view";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes({
  GET: defineRoute(
    {
      scope: "todos:read",
      schemas: { query: listTodosQuery },
      operation: { id: "listTodos", summary: "List todos", description: "Completed and archived ones included unless `state` narrows it.", response: todoSchema, paginated: true },
    },
    ({ query }, ctx) => listTodos(ctx.db, query),
  ),
  POST: defineRoute(
    {
      scope: "todos:write",
      schemas: { body: createTodoBody },
      status: 201,
      operation: {
        id: "createTodo",
        summary: "Create a todo",
        description: "In an existing list (`listId`), or in the list named `listName`, created with this first item if it does not exist.",
        response: todoSchema,
        errors: ["NOT_FOUND", "PLAN_LIMIT"],
      },
    },
    async ({ body }, ctx) => ({ data: await createTodo(ctx, body) }),
  ),
});
