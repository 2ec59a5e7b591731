import { guardAction, refuseApiKeyInAction } from "@/lib/surfaces/auth/guard-action";
import type { SessionUser } from "@/lib/surfaces/auth/session";
import { refreshAfterChange, type StaleAfterChange } from "@/lib/platform/cache/refresh-after-change";
import { answerOutage, formFailureOf, SERVICE_UNAVAILABLE, SESSION_ENDED, type FormFailure, type FormMessages } from "@/lib/platform/forms/forms";
import { getWorkspaceActorOrThrow, type WorkspaceActor } from "@/lib/domain/access/actor";

/**
 * Who may call an action, read afresh on every call (what the page showed proves nothing):
 * - "anyone": no session needed (sign-up, a token in a mail link); a request carrying an API key is refused;
 * - "visitor": the session if there is one (a portal visitor may be signed out);
 * - "user": a signed-in account, else the `signedOut` answer;
 * - `{ workspace: slug }`: a member of that workspace, with the role as it is now (a non-member
 *   hears NOT_FOUND); the domain function checks the role again.
 */
export type ActionCaller = "anyone" | "visitor" | "user" | { workspace: unknown };

export type CallerOf<C extends ActionCaller> = C extends { workspace: unknown }
  ? WorkspaceActor
  : C extends "user"
    ? SessionUser
    : C extends "visitor"
      ? SessionUser | null
      : null;

/** What a change made stale; a function of the answer when that depends on how it went. */
export type StaleAfter<R> = StaleAfterChange | ((answer: R) => StaleAfterChange | undefined);

export interface ServerActionSpec<C extends ActionCaller, R> {
  /** Labels unexpected failures and outages in the log. */
  context: string;
  caller: C;
  /**
   * What a thrown error becomes: "form" (refusals on their fields, anything else "nothing was
   * changed"), or "throw" for answers of their own shape (a redirect, a vote's reason), whose
   * action turns the refusals it expects into answers itself.
   */
  refusals?: FormFailure extends R ? "form" | "throw" : "throw";
  /** Refreshed after the answer; a plain value only after a success. */
  stale?: StaleAfter<R>;
  /**
   * The answer while the database is out of reach; "briefly unavailable" on the form by default.
   * "throw" for a form that answers by redirecting, which has no answer to show it in: the outage
   * goes on to the error page.
   */
  unavailable?: R | "throw";
  /** The answer to a "user" or workspace caller without a session; "your session has ended" by default. */
  signedOut?: R;
  /** A form's own wording for some error codes. */
  messages?: FormMessages;
}

function failed(answer: unknown): boolean {
  return typeof answer === "object" && answer !== null && "ok" in answer && answer.ok === false;
}

/** The session as the caller needs it: null for "anyone", undefined when a required one is missing. */
async function sessionOf(caller: ActionCaller): Promise<SessionUser | null | undefined> {
  if (caller === "anyone") {
    await refuseApiKeyInAction();
    return null;
  }
  const user = await guardAction();
  return user ?? (caller === "visitor" ? null : undefined);
}

/**
 * The one body of every server action: refuse API keys and read the caller afresh (above), run
 * the action, refresh what its answer made stale, and answer a database outage (the session check
 * included, which would otherwise read as "signed out") with `unavailable`. With refusals on the
 * form, whatever the domain throws becomes form messages (lib/platform/forms/forms.ts).
 * tests/unit/server-actions-wrapped.test.ts fails on a "use server" file that goes around it.
 */
export async function serverAction<C extends ActionCaller, R>(spec: ServerActionSpec<C, R>, run: (caller: CallerOf<C>) => Promise<R>): Promise<R> {
  const refusals = spec.refusals ?? "form";
  const body = async (): Promise<R> => {
    // An API key on the request throws here, before any answer: the action is not for it.
    const user = await sessionOf(spec.caller);
    if (user === undefined) return "signedOut" in spec ? (spec.signedOut as R) : (SESSION_ENDED as R);
    try {
      const caller = typeof spec.caller === "object" ? await getWorkspaceActorOrThrow(user!.id, String(spec.caller.workspace)) : user;
      return await run(caller as CallerOf<C>);
    } catch (error) {
      if (refusals === "throw") throw error;
      return formFailureOf(error, spec.context, spec.messages) as R;
    }
  };
  const unavailable = "unavailable" in spec ? (spec.unavailable as R) : (SERVICE_UNAVAILABLE as R);
  const answer = spec.unavailable === "throw" ? await body() : await answerOutage(spec.context, body, unavailable);
  const stale = typeof spec.stale === "function" ? spec.stale(answer) : failed(answer) ? undefined : spec.stale;
  if (stale) refreshAfterChange(stale);
  return answer;
}
