/** Where the e2e mail sink (tests/support/mail-sink.ts) listens: beside the e2e server's port. */
const port = Number(process.env.E2E_PORT ?? 3100);
export const mailSink = { smtpPort: port + 25, httpPort: port + 26 };
