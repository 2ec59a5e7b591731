import { db } from "@/lib/platform/db/client";
import { fieldErrorsOf, type FormResult } from "@/lib/platform/forms/forms";
import { nameSchema } from "./schemas";

/** The account's display name; empty clears it (lists then show the address). */
export async function changeName(userId: string, input: { name: unknown }): Promise<FormResult<{ name: string | null }>> {
  const parsed = nameSchema.safeParse(input.name);
  if (!parsed.success) return { ok: false, fieldErrors: { name: fieldErrorsOf(parsed.error).form ?? "Enter a valid name." } };
  const { name } = await db.user.update({ where: { id: userId }, data: { name: parsed.data || null }, select: { name: true } });
  return { ok: true, data: { name } };
}
