import type { AddressInfo } from "node:net";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

// A real SMTP server inside the test (never a mock transport): the app sends over the wire with
// nodemailer, this side parses what arrived.

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every header, names lower-cased (the last value of a repeated one). */
  headers: Record<string, string>;
}

/** `port` 0 picks a free one; a test that restarts "the same" server passes the port it had. */
export async function startSmtpServer(port = 0) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        const parsed = await PostalMime.parse(Buffer.concat(chunks));
        received.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          from: parsed.from?.address ?? "",
          subject: parsed.subject ?? "",
          text: parsed.text ?? "",
          html: parsed.html ?? "",
          headers: Object.fromEntries(parsed.headers.map((header) => [header.key.toLowerCase(), header.value])),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: listening } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${listening}`,
    port: listening,
    received,
    /** Every mail that reached this address so far. */
    mailsTo: (address: string) => received.filter((mail) => mail.to.includes(address.toLowerCase())),
    /** Waits for the `count`-th mail to this address (1 = the first). */
    async mailTo(address: string, count = 1, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mails = received.filter((mail) => mail.to.includes(address.toLowerCase()));
        if (mails.length >= count) return mails[count - 1]!;
        if (Date.now() > deadline) throw new Error(`no mail #${count} to ${address} within ${timeoutMs} ms (got ${mails.length})`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that contains `fragment`. */
export function linkIn(text: string, fragment: string): string {
  const link = text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(fragment));
  if (!link) throw new Error(`no link with ${fragment} in:\n${text}`);
  return link;
}
