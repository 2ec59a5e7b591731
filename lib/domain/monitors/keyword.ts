// What an answer must contain: plain text anywhere in it, or, written `$.path.to.value=expected`,
// a value in its JSON. Only the first MAX_BODY_BYTES are read (http-check.ts), so a keyword past
// that is reported missing, with the reason.

function jsonValueAt(document: unknown, path: string): unknown {
  let current = document;
  for (const part of path.split(".").filter(Boolean)) {
    if (current === null || typeof current !== "object") return undefined;
    current = Array.isArray(current) && /^\d+$/.test(part) ? current[Number(part)] : (current as Record<string, unknown>)[part];
  }
  return current;
}

/** Why the answer fails the keyword, or null when it holds. */
export function keywordProblem(body: Buffer, keyword: string): string | null {
  const text = body.toString("utf8");
  const json = /^\$\.([^=]+)=(.*)$/.exec(keyword);
  if (!json) return text.includes(keyword) ? null : `The answer does not contain “${keyword.slice(0, 80)}”.`;
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return "The answer is not JSON (or is longer than what a check reads).";
  }
  const value = jsonValueAt(document, json[1]!);
  const shown = typeof value === "string" ? value : JSON.stringify(value);
  return shown === json[2] ? null : `$.${json[1]} is ${shown ?? "missing"}, not ${json[2]}.`;
}
