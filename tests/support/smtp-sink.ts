import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type SunkMessage = { to: string[]; subject: string; text: string; receivedAt: string };

/**
 * A real SMTP server (nodemailer's smtp-server) that keeps every message it takes, in
 * memory: what the app delivers to through SMTP_URL in the tests. Loopback, no TLS, no
 * login; port 0 takes a free one.
 */
export async function startSmtpSink(port = 0): Promise<{
  port: number;
  url: string;
  messages: SunkMessage[];
  stop: () => Promise<void>;
}> {
  const messages: SunkMessage[] = [];
  const smtp = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    size: 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            receivedAt: new Date().toISOString(),
          });
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.server.once("error", reject);
    smtp.listen(port, "127.0.0.1", () => resolve());
  });
  const bound = (smtp.server.address() as AddressInfo).port;
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    messages,
    stop: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
