import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { PORTAL_LOCALES } from "@/lib/platform/i18n/locales";

// The portal's message files: every language has exactly the English keys, and each message takes
// the same placeholders (names, plural/select arguments, rich-text tags) so no translation can
// drop a number or a link, or ask for a value the code never passes.

type Messages = { [key: string]: string | Messages };
const dir = path.join(process.cwd(), "messages");
const load = (locale: string): Messages => JSON.parse(readFileSync(path.join(dir, `${locale}.json`), "utf8"));

function flatten(messages: Messages, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === "string") out.set(prefix + key, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) out.set(inner, text);
  }
  return out;
}

/** The end of the brace group that starts at `open`. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    if (text[index] === "{") depth++;
    else if (text[index] === "}" && --depth === 0) return index;
  }
  throw new Error(`unbalanced braces in: ${text}`);
}

/** The placeholders of one ICU message: "name", "count:plural", "<link>"; plural branches are read too. */
function placeholders(message: string): string[] {
  const found = new Set<string>();
  for (const tag of message.matchAll(/<([a-zA-Z][\w-]*)>/g)) found.add(`<${tag[1]}>`);
  const walk = (text: string) => {
    let index = 0;
    while ((index = text.indexOf("{", index)) !== -1) {
      const end = closing(text, index);
      const inner = text.slice(index + 1, end);
      const [name = "", type, ...rest] = inner.split(",");
      if (type === undefined) found.add(name.trim());
      else {
        const kind = type.trim();
        found.add(`${name.trim()}:${kind}`);
        if (kind === "plural" || kind === "select" || kind === "selectordinal") {
          const options = rest.join(",");
          let at = 0;
          while ((at = options.indexOf("{", at)) !== -1) {
            const stop = closing(options, at);
            walk(options.slice(at + 1, stop));
            at = stop + 1;
          }
        }
      }
      index = end + 1;
    }
  };
  walk(message);
  found.delete("");
  return [...found].sort();
}

const english = flatten(load("en"));

describe("portal messages", () => {
  it("has a file for every portal language and no other", () => {
    const files = readdirSync(dir).filter((file) => file.endsWith(".json")).map((file) => file.replace(/\.json$/, "")).sort();
    expect(files).toEqual([...PORTAL_LOCALES].sort());
  });

  it("reads placeholders, plural arguments inside branches and rich-text tags", () => {
    expect(placeholders("{count, plural, one {# idea by {name}} other {# ideas}} <link>here</link>")).toEqual(["<link>", "count:plural", "name"]);
  });

  for (const locale of PORTAL_LOCALES.filter((each) => each !== "en")) {
    describe(locale, () => {
      const translated = flatten(load(locale));

      it("has every English key and no other", () => {
        expect([...english.keys()].filter((key) => !translated.has(key)), "missing").toEqual([]);
        expect([...translated.keys()].filter((key) => !english.has(key)), "extra").toEqual([]);
      });

      it("keeps every message's placeholders", () => {
        const differing = [...english].filter(([key, text]) => translated.has(key) && placeholders(text).join() !== placeholders(translated.get(key)!).join());
        expect(differing.map(([key]) => `${key}: ${placeholders(english.get(key)!)} ≠ ${placeholders(translated.get(key)!)}`)).toEqual([]);
      });

      it("formats every message without an error", () => {
        const errors: string[] = [];
        const t = createTranslator({ locale, messages: load(locale), onError: (error) => errors.push(error.message) });
        for (const [key, text] of translated) {
          // Each placeholder gets a value of its kind: a number for plurals, a function for tags.
          const values: Record<string, unknown> = {};
          for (const placeholder of placeholders(text)) {
            if (placeholder.startsWith("<")) values[placeholder.slice(1, -1)] = (chunks: unknown) => chunks;
            else if (placeholder.includes(":")) values[placeholder.split(":")[0]!] = 3;
            else values[placeholder] = "x";
          }
          if (text.includes("<")) t.rich(key as never, values as never);
          else t(key as never, values as never);
        }
        expect(errors).toEqual([]);
      });
    });
  }
});
