export declare const MAIL_TRANSPORT_OFF: "none";
export type MailMode = "smtp" | "outbox" | "off";
type Env = Record<string, string | undefined>;
export declare function mailMode(env: Env): MailMode;
export declare function describeMailTransport(env: Env): string;
export declare function checkMailTransport(env: Env): { ok: true; line: string } | { ok: false; message: string };
