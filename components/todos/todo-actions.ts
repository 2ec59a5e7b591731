import type { FormAction, Resolved } from "@/lib/platform/forms/forms";
import type { createTodo } from "@/lib/domain/todos/create-todo";
import type { createTodoList } from "@/lib/domain/todos/create-todo-list";
import type { deleteTodoList } from "@/lib/domain/todos/delete-todo-list";
import type { renameTodoList } from "@/lib/domain/todos/rename-todo-list";
import type { CreateTodoInput, TodoListInput, UpdateTodoInput } from "@/lib/domain/todos/schemas";
import type { updateTodo } from "@/lib/domain/todos/update-todo";

/** The todos page's server actions, handed down by the page (components never import them). */
export interface TodoActions {
  createTodo: FormAction<[slug: string, input: CreateTodoInput], Resolved<typeof createTodo>>;
  updateTodo: FormAction<[slug: string, id: string, input: UpdateTodoInput], Resolved<typeof updateTodo>>;
  createTodoList: FormAction<[slug: string, input: TodoListInput], Resolved<typeof createTodoList>>;
  renameTodoList: FormAction<[slug: string, id: string, input: TodoListInput], Resolved<typeof renameTodoList>>;
  deleteTodoList: FormAction<[slug: string, id: string], Resolved<typeof deleteTodoList>>;
}
