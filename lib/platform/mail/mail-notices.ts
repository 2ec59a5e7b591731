import type { MailMode } from "../config/transport-choice.mjs";

// What the forms say about a mail they caused, by how this instance sends mail (lib/platform/mail/config.ts
// mailMode, passed down by the pages). Only "smtp" may say a mail is on its way: in development it
// sits in the outbox page, and with mail off nothing leaves the server, so each answer says what
// happens instead. Plain strings, usable on both sides of the client boundary.

export type { MailMode };

const OUTBOX = "the development outbox (/dev/outbox)";
const NO_MAIL = "This instance sends no mail";
export const OPERATOR_CONFIRMS = "ask the instance operator to confirm your address";

export const MAIL_NOTICES = {
  /** Under the sign-up form. */
  signUpHint(mode: MailMode): string {
    if (mode === "off") return `${NO_MAIL}: its operator confirms new addresses. You can look around meanwhile; joining a workspace needs a confirmed address.`;
    if (mode === "outbox") return `A link to confirm your address goes to ${OUTBOX}. You can look around meanwhile; joining a workspace needs it.`;
    return "We will send a link to confirm your address. You can look around meanwhile; joining a workspace needs it.";
  },
  /** After a sign-up that did not sign in: the address already had an account (told to nobody). */
  signUpNotSignedIn(mode: MailMode, email: string): string {
    if (mode === "off") return `If ${email} already has an account, sign in instead. ${NO_MAIL}, so nothing was mailed.`;
    if (mode === "outbox") return `The message for ${email} is in ${OUTBOX}. If you already have an account, sign in instead.`;
    return `We sent a message to ${email}. Follow it to continue. If you already have an account, sign in instead.`;
  },
  /** The banner of an account whose address is not confirmed yet. */
  confirmPending(mode: MailMode, email: string): string {
    const blocked = "you cannot join workspaces or accept invitations";
    if (mode === "off") return `${NO_MAIL}, so no link is coming: ${OPERATOR_CONFIRMS} (${email}). Until then, ${blocked}.`;
    if (mode === "outbox") return `The link for ${email} is in ${OUTBOX}. Until you follow it, ${blocked}.`;
    return `We sent a link to ${email}. Until you follow it, ${blocked}.`;
  },
  confirmResent(mode: MailMode, email: string): string {
    return mode === "outbox" ? `A new link for ${email} is in ${OUTBOX}.` : `A new link is on its way to ${email}.`;
  },
  /** "Forgot password?" with mail off: in place of the form. */
  resetUnavailable: `${NO_MAIL}, so no reset link can reach you. Ask the instance operator for one: they can make a link for your address.`,
  resetRequested(mode: MailMode, email: string): string {
    const rule = "It works once, for one hour.";
    if (mode === "outbox") return `If an account uses ${email}, its reset link is in ${OUTBOX}. ${rule}`;
    return `If an account uses ${email}, a reset link is on its way there. ${rule} Nothing arrived? Check the spam folder, or send another.`;
  },
  /** Changing the account's address with mail off: in place of the form. */
  emailChangeUnavailable: `${NO_MAIL}, so a new address cannot be confirmed. Ask the instance operator if your address has to change.`,
  emailChangeRequested(mode: MailMode, email: string, current: string): string {
    const meanwhile = `Your address changes when you follow it; until then you keep signing in with ${current}.`;
    if (mode === "outbox") return `The confirmation link for ${email} is in ${OUTBOX}. ${meanwhile}`;
    return `We sent a confirmation link to ${email}. ${meanwhile}`;
  },
  /** Under "Add a member". */
  inviteHint(mode: MailMode): string {
    const rule = "They join once they accept it, signed in with this address and having confirmed it.";
    if (mode === "off") return `${NO_MAIL}: after inviting, use “Copy link” in the list below and pass the link on yourself. ${rule}`;
    if (mode === "outbox") return `The invitation mail goes to ${OUTBOX}. ${rule}`;
    return `We mail them an invitation link. ${rule}`;
  },
  invited(mode: MailMode, email: string, role: string): string {
    const joins = `They join as ${role} once they accept it.`;
    if (mode === "off") return `Invitation for ${email} created. ${NO_MAIL}: use “Copy link” below and pass the link on. ${joins}`;
    if (mode === "outbox") return `Invitation for ${email} created; its mail is in ${OUTBOX}. ${joins}`;
    return `Invitation sent to ${email}. ${joins}`;
  },
  invitationResent(mode: MailMode, email: string): string {
    return mode === "outbox" ? `A new invitation link for ${email} is in ${OUTBOX}.` : `A new invitation link is on its way to ${email}.`;
  },
} as const;
