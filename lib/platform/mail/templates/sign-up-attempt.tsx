import type { MailContent } from "../types";
import { MailButton, MailFootnote, MailLayout, MailParagraph } from "./mail-layout";

/** Sent instead of a verification link when someone signs up with an address that has an account. */
export function signUpAttemptMail({ signInLink }: { signInLink: string }): MailContent {
  const subject = "Someone tried to create an account with your address";
  return {
    subject,
    html: (
      <MailLayout title={subject}>
        <MailParagraph>
          Someone just tried to create a Workspace account with this address. You already have one, so nothing was created and nothing
          changed.
        </MailParagraph>
        <MailParagraph>If it was you, sign in with your existing account:</MailParagraph>
        <MailButton href={signInLink}>Sign in</MailButton>
        <MailFootnote>If it was not you, you can ignore this mail. Your password was not used or changed.</MailFootnote>
      </MailLayout>
    ),
    text: [
      "Someone just tried to create a Workspace account with this address. You already have one, so nothing was created and nothing changed.",
      "",
      "If it was you, sign in with your existing account:",
      signInLink,
      "",
      "If it was not you, you can ignore this mail. Your password was not used or changed.",
    ].join("\n"),
  };
}
