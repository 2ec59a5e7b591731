"use server";

import { runWorkspaceAction } from "@/lib/surfaces/actions/workspace-action";
import { createTodo } from "@/lib/domain/todos/create-todo";
import { createTodoList } from "@/lib/domain/todos/create-todo-list";
import { deleteTodoList } from "@/lib/domain/todos/delete-todo-list";
import { renameTodoList } from "@/lib/domain/todos/rename-todo-list";
import type { CreateTodoInput, TodoListInput, UpdateTodoInput } from "@/lib/domain/todos/schemas";
import { updateTodo } from "@/lib/domain/todos/update-todo";

// The todos page's server actions: each one is the domain function behind the same name (the one
// /api/v1/todos calls too), which checks `todos.manage` itself.

const afterTodoChange = (slug: string) => ({ layouts: [`/w/${slug}/todos`] });

export async function createTodoAction(slug: string, input: CreateTodoInput) {
  return runWorkspaceAction(slug, "createTodoAction", (actor) => createTodo(actor, input), afterTodoChange(slug));
}

export async function updateTodoAction(slug: string, id: string, input: UpdateTodoInput) {
  return runWorkspaceAction(slug, "updateTodoAction", (actor) => updateTodo(actor, String(id), input), afterTodoChange(slug));
}

export async function createTodoListAction(slug: string, input: TodoListInput) {
  return runWorkspaceAction(slug, "createTodoListAction", (actor) => createTodoList(actor, input), afterTodoChange(slug));
}

export async function renameTodoListAction(slug: string, id: string, input: TodoListInput) {
  return runWorkspaceAction(slug, "renameTodoListAction", (actor) => renameTodoList(actor, String(id), input), afterTodoChange(slug));
}

export async function deleteTodoListAction(slug: string, id: string) {
  return runWorkspaceAction(slug, "deleteTodoListAction", (actor) => deleteTodoList(actor, String(id)), afterTodoChange(slug));
}
