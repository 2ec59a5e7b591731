"use client";

import { useEffect } from "react";
import { WIDGET_NS } from "./frame-messages";

/**
 * Hands the widget's credential to the frame that opened this popup, on this same origin only (the
 * frame checks that the message comes from the popup it opened), then closes the popup.
 */
export function CredentialHandoff({ token, expiresAt, name }: { token: string; expiresAt: string; name: string }) {
  useEffect(() => {
    if (!window.opener) return;
    (window.opener as Window).postMessage({ ns: WIDGET_NS, type: "credential", token, expiresAt, name }, window.location.origin);
    window.close();
  }, [token, expiresAt, name]);
  return null;
}
