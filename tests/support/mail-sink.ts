import { createServer as createHttpServer } from "node:http";
import { startSmtpSink } from "./smtp-sink.ts";

/**
 * The end-to-end tests' mailbox: a real SMTP server (nodemailer's smtp-server) that the
 * app delivers to through SMTP_URL, and a small HTTP API the tests read it through:
 * `GET /messages?to=<address>` answers the messages to that address, oldest first.
 * Started by playwright.config.ts before the app; loopback only, kept in memory.
 */
const smtpPort = Number(process.env.MAIL_SINK_SMTP_PORT ?? 3125);
const httpPort = Number(process.env.MAIL_SINK_HTTP_PORT ?? 3126);
const smtp = await startSmtpSink(smtpPort);
const { messages } = smtp;

const api = createHttpServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://localhost");
  if (request.method !== "GET") {
    response.writeHead(405, { Allow: "GET" }).end();
    return;
  }
  if (url.pathname === "/") {
    response.writeHead(200, { "Content-Type": "text/plain" }).end(`${messages.length} messages\n`);
    return;
  }
  if (url.pathname === "/messages") {
    const to = url.searchParams.get("to")?.toLowerCase();
    const found = to ? messages.filter((message) => message.to.includes(to)) : messages;
    response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(found));
    return;
  }
  response.writeHead(404).end();
});

api.listen(httpPort, "127.0.0.1", () => {
  console.log(`mail sink: SMTP on 127.0.0.1:${smtpPort}, messages at http://127.0.0.1:${httpPort}/messages`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    api.close();
    void smtp.stop().then(() => process.exit(0));
  });
}
