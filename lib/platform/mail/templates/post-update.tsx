import { createTranslator } from "next-intl";
import { directionOf, type PortalLocale } from "@/lib/platform/i18n/locales";
import { withBdi } from "@/lib/platform/i18n/bdi";
import { MESSAGES } from "@/lib/platform/i18n/messages";
import type { PostStatus } from "@/lib/generated/prisma/enums";
import type { MailContent } from "../types";
import { MailFootnote, MailLayout, MailParagraph } from "./mail-layout";

const button = { display: "inline-block", background: "#4f46e5", color: "#ffffff", textDecoration: "none", padding: "10px 18px", borderRadius: "6px", fontWeight: 600, fontSize: "14px" };
const quote = { fontSize: "14px", lineHeight: "22px", margin: "0 0 16px", padding: "8px 12px", borderInlineStart: "3px solid #c7d2fe", background: "#f8fafc", whiteSpace: "pre-wrap" as const };

export type PostUpdate =
  | { kind: "status"; from: PostStatus; to: PostStatus; note: string | null }
  | { kind: "reply"; body: string };

export interface PostUpdateMailInput {
  workspaceName: string;
  postTitle: string;
  update: PostUpdate;
  postLink: string;
  unsubscribeLink: string;
  /** The one-click endpoint for the List-Unsubscribe header (RFC 8058). */
  oneClickLink: string;
  locale: PortalLocale;
}

/** To a post's voters, commenters and author: its status changed (with the team's note) or the team replied. */
export function postUpdateMail(input: PostUpdateMailInput): MailContent {
  const { workspaceName: workspace, postTitle: title, update, postLink, unsubscribeLink, locale } = input;
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: "PostNotifications.mail" });
  const status = createTranslator({ locale, messages: MESSAGES[locale], namespace: "Common.postStatus" });
  const subject = update.kind === "status" ? t("statusSubject", { title, status: status(update.to) }) : t("replySubject", { title });
  const intro = update.kind === "status" ? t("statusIntro", { title, workspace, from: status(update.from), to: status(update.to) }) : t("replyIntro", { title, workspace });
  const quoted = update.kind === "status" ? update.note : update.body;
  const why = t("why", { workspace });
  const unsubscribe = t("unsubscribe", { workspace });
  const text = [
    intro,
    ...(quoted ? ["", ...(update.kind === "status" ? [t("note")] : []), quoted] : []),
    "",
    `${t("button")}: ${postLink}`,
    "",
    why,
    `${unsubscribe}: ${unsubscribeLink}`,
  ].join("\n");
  return {
    subject: `[${workspace}] ${subject}`,
    html: (
      <MailLayout title={subject} lang={locale} dir={directionOf(locale)} heading={workspace}>
        <MailParagraph>
          {withBdi((slot) =>
            update.kind === "status"
              ? t("statusIntro", { title: slot(title), workspace: slot(workspace), from: status(update.from), to: status(update.to) })
              : t("replyIntro", { title: slot(title), workspace: slot(workspace) }),
          )}
        </MailParagraph>
        {quoted ? (
          <>
            {update.kind === "status" ? <MailParagraph>{t("note")}</MailParagraph> : null}
            <p style={quote} dir="auto">
              {quoted}
            </p>
          </>
        ) : null}
        <p style={{ margin: "8px 0 20px" }}>
          <a href={postLink} style={button}>
            {t("button")}
          </a>
        </p>
        <MailFootnote>
          {t("pasteLink")} <a href={postLink}>{postLink}</a>
        </MailFootnote>
        <MailFootnote>
          {why} <a href={unsubscribeLink}>{unsubscribe}</a>
        </MailFootnote>
      </MailLayout>
    ),
    text,
    headers: { "List-Unsubscribe": `<${input.oneClickLink}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
