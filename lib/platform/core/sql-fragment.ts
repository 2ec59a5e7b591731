// Parameterised SQL pieces for the scoped raw reader (ScopedDb.$selectRows). A fragment is written
// as a tagged template, so every interpolated value becomes a bind parameter and never SQL text:
//   sqlFragment`"boardId" = ${boardId}`

export interface SqlFragment {
  readonly strings: readonly string[];
  readonly values: readonly unknown[];
}

export function sqlFragment(strings: TemplateStringsArray, ...values: unknown[]): SqlFragment {
  return { strings: [...strings], values };
}

/** SQL text with `$n` placeholders numbered on from `firstParam`, and the values in that order. */
export function renderFragment(fragment: SqlFragment, firstParam: number): { text: string; values: unknown[] } {
  let text = fragment.strings[0]!;
  fragment.values.forEach((_, index) => {
    text += `$${firstParam + index}${fragment.strings[index + 1]}`;
  });
  return { text, values: [...fragment.values] };
}
