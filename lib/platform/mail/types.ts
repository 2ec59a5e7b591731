import type { ReactElement } from "react";

/** One mail as a template builds it: the HTML part as React, the plain-text part beside it. */
export interface MailContent {
  subject: string;
  html: ReactElement;
  text: string;
  /** Extra headers, such as List-Unsubscribe on notification mail. */
  headers?: Record<string, string>;
}

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
}
