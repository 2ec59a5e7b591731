import type { MailContent } from "../types";
import { MailButton, MailFootnote, MailLayout, MailParagraph } from "./mail-layout";

/** Sent to the owner of an account when wrong passwords pile up (at most one an hour). */
export function signInFailuresMail({ failures, addresses, resetLink }: { failures: number; addresses: number; resetLink: string }): MailContent {
  const subject = "Failed sign-ins to your account";
  const what = `In the last hour there were ${failures} failed sign-ins to the Workspace account with this address, from ${addresses} network ${addresses === 1 ? "address" : "addresses"}.`;
  const calm =
    "Your account is not locked: you can still sign in from your usual network, and addresses that keep guessing are made to wait. If it was you, no action is needed.";
  const advice = "If it was not you and your password is weak or used elsewhere, choose a new one:";
  const footnote = "We send at most one such mail an hour.";
  return {
    subject,
    html: (
      <MailLayout title={subject}>
        <MailParagraph>{what}</MailParagraph>
        <MailParagraph>{calm}</MailParagraph>
        <MailParagraph>{advice}</MailParagraph>
        <MailButton href={resetLink}>Reset your password</MailButton>
        <MailFootnote>{footnote}</MailFootnote>
      </MailLayout>
    ),
    text: [what, "", calm, "", advice, resetLink, "", footnote].join("\n"),
  };
}
