import type { ReactNode } from "react";

/**
 * A translated sentence whose interpolated values are each isolated in a <bdi>: a name or title
 * someone wrote keeps its own direction inside a sentence in another (an English workspace name in
 * an Arabic heading, an Arabic title in an English one) instead of pulling the punctuation around it
 * to the wrong end. `format` calls the translator with `slot(value)` for each value to isolate.
 *
 *   withBdi((slot) => t("heading", { name: slot(workspace.name) }))
 */
export function withBdi(format: (slot: (value: string) => string) => string): ReactNode {
  const values: string[] = [];
  // Private-use characters mark where each value goes: nothing a translator or a user writes.
  const text = format((value) => `\uE000${values.push(value) - 1}\uE001`);
  return text.split(/\uE000(\d+)\uE001/).map((part, index) => (index % 2 === 1 ? <bdi key={index}>{values[Number(part)]}</bdi> : part));
}
