import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { ConfigError, loadConfig, type Config } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { migrateDatabase } from "./db/migrate.ts";
import { createEmbeddedProvider } from "./auth/embedded-provider.ts";
import { createHostedLogin } from "./auth/hosted-login.ts";
import { bootstrapAdminAccount } from "./auth/idp-accounts.ts";
import { sweepExpiredIdpPayloads } from "./auth/idp-adapter.ts";
import { createLoginTransactions } from "./auth/login-transactions.ts";
import { createRateLimiter } from "./auth/rate-limit.ts";
import { createRelyingParty, isLoopback } from "./auth/relying-party.ts";
import { createSessionStore } from "./auth/sessions.ts";
import { createApp } from "./http/app.ts";
import { createAuthRoutes } from "./http/auth-routes.ts";
import { portalServicesFor } from "./http/portal-services.ts";
import { loadPrerenderedPages, stylesheetHrefs } from "./http/prerendered.ts";
import { startHttpServer } from "./http/serve.ts";
import { createLogger } from "./log.ts";
import { logTransport, smtpTransport, startOutboxWorker } from "./mail/outbox.ts";

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const log = createLogger(config.logLevel);
const buildDir = resolve(config.buildDir);
const serverEntry = join(buildDir, "server", "index.js");
if (!existsSync(serverEntry)) {
  console.error(`No production build at ${buildDir}. Run "npm run build" first.`);
  process.exit(1);
}

// The database comes first: every process migrates under an advisory lock before serving.
if (!config.databaseUrl && !config.dataDir.startsWith("memory://")) await mkdir(config.dataDir, { recursive: true });
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.dataDir,
  onConnectionError: (error) => log.warn("database connection lost; the pool will reconnect", { error: error.message }),
});
await migrateDatabase(database);
log.info("database ready", { kind: database.kind, ...(database.kind === "pglite" ? { dataDir: config.dataDir } : {}) });

const mailTransport = config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl) : logTransport(log);
const outboxWorker = startOutboxWorker(database.db, mailTransport, { from: config.mail.from, intervalMs: 5_000, log });

const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
const clientDir = join(buildDir, "client");
const prerendered = await loadPrerenderedPages(clientDir);

// Sign-in: the embedded identity provider unless an external issuer is configured.
// Pages rendered outside React (the provider's, the sign-out hand-over) link the site's stylesheet.
const providerPages = { stylesheets: stylesheetHrefs(prerendered.get("/")?.template ?? ""), siteName: "Densara" };
const defaultAdminEmail = "admin@densara.example";
const embedded = config.auth.external
  ? undefined
  : await createEmbeddedProvider({
      db: database.db,
      publicUrl: config.publicUrl,
      sessionTtlS: config.auth.session.idleTimeoutS,
      pages: providerPages,
      log,
    });
const adminEmails = [...config.auth.adminEmails];
if (embedded) {
  const adminEmail = config.auth.adminEmail ?? defaultAdminEmail;
  adminEmails.push(adminEmail);
  const admin = await bootstrapAdminAccount(database.db, { email: adminEmail, password: config.auth.adminPassword });
  if (admin.created && admin.generatedPassword) {
    // Printed once, on the start that created the account; it is not stored anywhere readable.
    log.warn(
      'created the first administrator account; this password is shown once (change it with "Forgot your password?" on the sign-in page)',
      {
        email: admin.email,
        password: admin.generatedPassword,
      },
    );
  } else if (admin.created) {
    log.info("created the first administrator account", { email: admin.email });
  }
}
const relyingParty = createRelyingParty({
  ...(config.auth.external ?? {
    issuer: embedded?.issuer ?? config.publicUrl,
    clientId: embedded?.clientId ?? "",
    clientSecret: embedded?.clientSecret ?? "",
  }),
  scopes: config.auth.scopes,
  redirectUri: new URL("/auth/logged-in", config.publicUrl),
  postLogoutRedirectUri: new URL("/", config.publicUrl),
  allowInsecureRequests: embedded !== undefined && isLoopback(embedded.issuer),
});
const sessions = createSessionStore(database.db, config.auth.session);
const transactions = createLoginTransactions(database.db);
const app = createApp({
  config,
  build,
  clientDir,
  prerendered,
  log,
  auth: {
    sessions,
    pages: providerPages,
    portal: (actor) => portalServicesFor(database.db, actor),
    routes: createAuthRoutes({
      config,
      db: database.db,
      relyingParty,
      sessions,
      transactions,
      adminEmails,
      pages: providerPages,
      log,
    }),
    embedded: embedded && {
      provider: embedded,
      hostedLogin: ({ incoming, outgoing }, clientAddress) =>
        createHostedLogin({
          db: database.db,
          provider: embedded.provider,
          request: incoming,
          response: outgoing,
          clientAddress,
          signupAllowed: config.auth.signup,
          publicUrl: config.publicUrl,
          issuer: embedded.issuer.href,
          log,
        }),
    },
  },
});

// Ended sessions and abandoned sign-ins are swept now and then, by whichever process gets there.
const sweeper = setInterval(() => {
  Promise.all([
    sessions.sweep(),
    transactions.sweep(),
    sweepExpiredIdpPayloads(database.db),
    createRateLimiter(database.db).sweep(),
  ]).catch((error: unknown) =>
    log.warn("sweeping ended sessions failed", { error: error instanceof Error ? error.message : String(error) }),
  );
}, 15 * 60_000);
sweeper.unref();

const running = await startHttpServer({
  fetch: app.fetch,
  host: config.host,
  port: config.port,
  shutdownTimeoutMs: config.shutdownTimeoutMs,
  log,
});
log.info("listening", {
  url: config.publicUrl.origin,
  address: running.address.address,
  port: running.address.port,
  prerendered: prerendered.size,
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    void running
      .shutdown(signal)
      .then(async (outcome) => {
        clearInterval(sweeper);
        await outboxWorker.stop();
        await database.close();
        return outcome;
      })
      .then((outcome) => process.exit(outcome === "drained" ? 0 : 1));
  });
}
