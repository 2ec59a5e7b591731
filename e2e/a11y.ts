import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * axe-core on the page as it is now: no serious or critical violation (WCAG 2.1 A/AA rules).
 * On failure the message lists each rule, its impact and the first offending selectors.
 * `exclude` leaves out a part the page embeds but does not write (a third-party renderer).
 */
export async function expectNoSeriousA11yViolations(page: Page, label = page.url(), { exclude }: { exclude?: string } = {}) {
  // One axe.run in the page (legacy mode) rather than axe injected twice, once more into a blank page
  // to combine per-frame results: the same rules on the same DOM at about half the cost. Our pages
  // embed no cross-origin frame, the one thing this mode leaves out.
  // A page re-rendering after an action puts its <title> back a moment later; a page that has none
  // at all still fails here, by name.
  await expect(page, `${label} has a title`).toHaveTitle(/\S/);
  const builder = new AxeBuilder({ page }).setLegacyMode(true).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  const results = await (exclude ? builder.exclude(exclude) : builder).analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  const summary = serious.map(
    (violation) => `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes.slice(0, 3).map((node) => node.target.join(" ")).join(", ")}`,
  );
  expect(summary, `axe on ${label}`).toEqual([]);
}
