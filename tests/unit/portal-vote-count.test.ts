import { createElement, type ComponentProps } from "react";
import { renderToString } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it } from "vitest";
import { VoteButton } from "@/components/portal/vote-button";
import { messagesOf } from "@/lib/platform/i18n/messages";
import type { PortalLocale } from "@/lib/platform/i18n/locales";

// The vote button's count is a number in the page's language, like the words around it.
function render(locale: PortalLocale, voteCount: number, signInHref: string | null) {
  const button = createElement(VoteButton, { slug: "acme", postId: "p1", voted: false, voteCount, signInHref, vote: async () => ({ ok: false, reason: "unavailable" }) as const });
  const intl: Omit<ComponentProps<typeof NextIntlClientProvider>, "children"> = { locale, messages: messagesOf(locale), timeZone: "UTC" };
  return renderToString(createElement(NextIntlClientProvider, intl as ComponentProps<typeof NextIntlClientProvider>, button));
}

const count = (html: string) => /tabular-nums">([^<]*)</.exec(html)?.[1];

describe("the vote button's count", () => {
  it("is grouped as the page's language groups it, signed in and signed out", () => {
    expect(count(render("en", 12345, null))).toBe("12,345");
    expect(count(render("de", 12345, null))).toBe("12.345");
    expect(count(render("de", 12345, "/sign-in"))).toBe("12.345");
    expect(count(render("fr", 12345, null))).toMatch(/^12\s345$/u);
  });

  it("agrees with its label", () => {
    const html = render("de", 1234, null);
    expect(html).toContain('aria-label="Dafür stimmen (1.234 Stimmen)"');
  });
});
