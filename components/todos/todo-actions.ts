import type * as actions from "@/app/(dashboard)/w/[slug]/todos/actions";

/** The todos page's server actions, handed down by the page (components never import them). */
export interface TodoActions {
  createTodo: typeof actions.createTodoAction;
  updateTodo: typeof actions.updateTodoAction;
  createTodoList: typeof actions.createTodoListAction;
  renameTodoList: typeof actions.renameTodoListAction;
  deleteTodoList: typeof actions.deleteTodoListAction;
}
