import { defineConfig, devices } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "./scripts/chromium.ts";
import { analyticsServer, mailSink } from "./tests/support/e2e-ports.ts";
import { serverEnvironment, serverNodeFlags } from "./server/node-flags.ts";

const port = Number(process.env.E2E_PORT ?? 3100);

/** The production server over the build, on a fresh in-memory database, with the e2e administrator. */
function appServer(listen: number, env: Record<string, string>) {
  return {
    command: `node_modules/.bin/node ${serverNodeFlags.join(" ")} server/main.ts`,
    url: `http://localhost:${listen}/`,
    reuseExistingServer: false,
    // A first start seeds the demo data: about 20 s on a quiet machine, minutes on a busy
    // one. A slow start is not a failure; a start that never answers still is.
    timeout: 240_000,
    env: {
      ...serverEnvironment,
      PORT: String(listen),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      DATA_DIR: "memory://",
      ADMIN_EMAIL: "admin@densara.test",
      ADMIN_PASSWORD: "e2e-admin-password-1",
      // Each test sends its own X-Forwarded-For (tests/support/fixtures.ts): the sign-in
      // limits per network then apply per test.
      TRUST_PROXY: "true",
      ...env,
    },
  };
}

/** End-to-end tests drive Debian's Chromium against the production build (`npm run build` first). */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Timeouts guard against a hang, never measure speed: a long flow on a loaded 2-core CI
  // machine (two browsers and three servers) has taken over 30 s while nothing was wrong.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  forbidOnly: true,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions: { executablePath: chromiumPath, args: chromiumFlags },
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } }],
  webServer: [
    {
      command: "node_modules/.bin/node tests/support/mail-sink.ts",
      url: `http://127.0.0.1:${mailSink.httpPort}/`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { MAIL_SINK_SMTP_PORT: String(mailSink.smtpPort), MAIL_SINK_HTTP_PORT: String(mailSink.httpPort) },
    },
    appServer(port, {
      SIGNUP: "true",
      // Real SMTP to the mail sink: the tests follow the links in sign-up and reset mail.
      SMTP_URL: `smtp://127.0.0.1:${mailSink.smtpPort}`,
      // A test fills a public form faster than a person; the integration tests check the minimum.
      FORM_MINIMUM_SECONDS: "0",
    }),
    // A server of its own for the analytics loaders (tests/e2e/consent.spec.ts): its consent
    // banner, fixed at the foot of every public page, would cover other tests' buttons.
    appServer(analyticsServer.port, {}),
  ],
});
