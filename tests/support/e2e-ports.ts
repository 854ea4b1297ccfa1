/** The e2e servers' ports, beside the main e2e server's: the mail sink (tests/support/mail-sink.ts) and the analytics server. */
const port = Number(process.env.E2E_PORT ?? 3100);
export const mailSink = { smtpPort: port + 25, httpPort: port + 26 };
/** The second e2e server, where the analytics loaders are turned on (tests/e2e/consent.spec.ts). */
export const analyticsServer = { port: port + 2 };
