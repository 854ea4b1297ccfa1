import { z } from "zod";
import { safeReturnTo } from "../shared/safe-navigation.ts";

/** Every environment variable the server reads, parsed and typed in one place. */
const booleanish = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

const schema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z
    .string()
    .regex(/^\d+$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(1).max(65535))
    .default(3000),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .refine(
      (value) => new URL(value).origin === value.replace(/\/$/, ""),
      "must be an origin only (scheme, host and port), e.g. https://www.example.com",
    )
    .optional(),
  // How many proxies in front of the server append to X-Forwarded-For (true is one).
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|yes|no|\d{1,2})$/, "must be true, false, or how many proxies stand in front (0 to 10)")
    .default("false")
    .transform((value) =>
      value === "true" || value === "yes" ? 1 : value === "false" || value === "no" ? 0 : Number(value),
    )
    .refine((hops) => hops <= 10, "must be true, false, or how many proxies stand in front (0 to 10)"),
  // Worker processes behind the one port (node:cluster); more than one needs PostgreSQL.
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  // Threads that lay out markdown (docs, release notes) off the event loop; by default one per core but one.
  RENDER_THREADS: z.coerce.number().int().min(1).max(16).optional(),
  RENDER_BUDGET_MS: z.coerce.number().int().min(500).max(60_000).default(5_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  // After SIGTERM, how long to go on serving (unready) before the port closes.
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  // A public form sent sooner than this after the page was served is taken for a bot's.
  FORM_MINIMUM_SECONDS: z.coerce.number().int().min(0).max(60).default(3),
  // Messages from the contact form are deleted this many days after they arrive.
  INQUIRY_RETENTION_DAYS: z.coerce.number().int().min(30).max(36_500).default(730),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  // /metrics on the site's own port, for a scraper that sends this bearer token.
  METRICS_TOKEN: z
    .string()
    .min(24, "must be at least 24 characters (a random secret, e.g. openssl rand -hex 32)")
    .max(512)
    .regex(/^[\x21-\x7E]+$/, "must be printable characters without spaces")
    .optional(),
  // /metrics on a port of its own (no token), for a scraper inside the private network.
  METRICS_PORT: z
    .string()
    .regex(/^\d+$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(1).max(65535))
    .optional(),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  BUILD_DIR: z.string().min(1).default("build"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default("data"),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default("Densara <no-reply@densara.example>"),
  // Plain http is allowed only for the embedded provider on a loopback address, never for a configured issuer.
  OIDC_ISSUER: z
    .url({ protocol: /^https$/, error: "must be an https URL" })
    .refine((value) => {
      const url = new URL(value);
      return url.search === "" && url.hash === "";
    }, "must be the issuer identifier, without a query or fragment")
    .optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_SCOPES: z
    .string()
    .regex(/^[\x21\x23-\x5B\x5D-\x7E]+( [\x21\x23-\x5B\x5D-\x7E]+)*$/, "must be scope names separated by single spaces")
    .refine((value) => value.split(" ").includes("openid"), "must include openid")
    .default("openid email profile"),
  AUTH_ERROR_PATH: z
    .string()
    // The same guard as any return address: a path on this site, exactly as given.
    .refine((value) => safeReturnTo(value, "") === value, "must be a path on this site, e.g. /about/contact")
    .default("/"),
  ADMIN_EMAIL: z.string().trim().pipe(z.email()).optional(),
  ADMIN_PASSWORD: z.string().min(12, "must be at least 12 characters").max(200).optional(),
  ADMIN_EMAILS: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((item) => item.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email()))
    .default([]),
  SIGNUP: booleanish.default(false),
  SESSION_IDLE_TIMEOUT_S: z.coerce.number().int().min(60).max(604_800).optional(),
  SESSION_ABSOLUTE_LIFETIME_S: z.coerce.number().int().min(300).max(604_800).default(604_800),
  BUILD_POLL_INTERVAL_S: z.coerce.number().int().min(5).max(86_400).default(60),
  DEMO_DATA: booleanish.default(true),
  // Uploaded files: the filesystem under DATA_DIR unless S3_BUCKET names a bucket (ADR 021).
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens",
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,32}$/, "must be a region name such as eu-central-1 (lowercase letters, digits, hyphens)")
    .default("us-east-1"),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: "must be an http or https URL, e.g. https://s3.example.com" })
    .refine((value) => {
      const url = new URL(value);
      return url.search === "" && url.hash === "" && url.username === "" && url.password === "";
    }, "must be the store's address only, without a query, fragment or credentials")
    .optional(),
  S3_FORCE_PATH_STYLE: booleanish.optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).max(256).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(256).optional(),
  S3_PREFIX: z
    .string()
    .regex(
      /^(?:[a-z0-9][a-z0-9_-]*\/){1,4}$/,
      "must be folder names ending in a slash, e.g. densara/ (lowercase letters, digits, - and _)",
    )
    .optional(),
});

/** Where uploads go when S3_BUCKET is set (ADR 018). */
export type S3Settings = {
  bucket: string;
  region: string;
  /** For a store other than AWS (MinIO, Ceph, R2…): its URL. */
  endpoint?: string | undefined;
  /** Bucket in the path (`host/bucket/key`) rather than the host name: most stores other than AWS need it. */
  forcePathStyle: boolean;
  /** Without them the SDK's own chain is used (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Put before every key, to share a bucket: "densara/". */
  prefix: string;
};

export type Config = {
  env: "production" | "development" | "test";
  host: string;
  port: number;
  /** The origin visitors use; http://localhost:{port} unless PUBLIC_URL says otherwise. */
  publicUrl: URL;
  /** Served over https (directly or behind a TLS-terminating proxy): HSTS and Secure cookies apply. */
  https: boolean;
  /** A proxy stands in front: X-Forwarded-Proto counts, and X-Forwarded-For names the client. */
  trustProxy: boolean;
  /** How many proxies append to X-Forwarded-For (TRUST_PROXY): the client is that many entries from the right. */
  proxyHops: number;
  /** Worker processes serving the one port (WEB_CONCURRENCY). */
  workers: number;
  /** Threads of the markdown render pool (RENDER_THREADS); undefined is one per core but one, two at most. */
  renderThreads: number | undefined;
  /** The work one markdown render may do before it is refused (RENDER_BUDGET_MS). */
  renderBudgetMs: number;
  shutdownTimeoutMs: number;
  shutdownGraceMs: number;
  /** Seconds a public form must have been open before it is sent (FORM_MINIMUM_SECONDS). */
  formMinimumSeconds: number;
  /** Days a contact form message is kept (INQUIRY_RETENTION_DAYS); the sweep purges older ones. */
  inquiryRetentionDays: number;
  logLevel: "debug" | "info" | "warn" | "error";
  /**
   * Where `/metrics` is served (ADR 032): on the site's port to a bearer token, and/or on
   * an internal port. With neither, nothing is collected.
   */
  metrics: { token: string | undefined; port: number | undefined; host: string };
  buildDir: string;
  /** How often the hydrated portal asks whether a newer build is out. */
  buildPollMs: number;
  /** PostgreSQL when set; otherwise the embedded PGlite database in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Fill a fresh embedded database with demo data once (never a PostgreSQL one: `npm run seed` does that). */
  demoData: boolean;
  mail: { smtpUrl: string | undefined; from: string };
  /** Where uploaded files live: an S3-compatible bucket, or (undefined) the folder `files` in DATA_DIR. */
  s3: S3Settings | undefined;
  auth: {
    /** An external OpenID Connect provider; undefined means the embedded one at /idp. */
    external: { issuer: URL; clientId: string; clientSecret: string } | undefined;
    scopes: string;
    /** Where a failed sign-in lands (with an explanatory toast). */
    errorPath: string;
    /** Embedded provider: the first admin account, created on first start. */
    adminEmail: string | undefined;
    adminPassword: string | undefined;
    /** Addresses that become admins when they first sign in, at any provider. */
    adminEmails: string[];
    /** Embedded provider: whether visitors may create their own account. */
    signup: boolean;
    session: { idleTimeoutS: number; absoluteLifetimeS: number };
  };
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function loadConfig(env: Record<string, string | undefined>): Config {
  // An empty variable (PORT=) means "not set", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const result = schema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const values = result.data;
  const externalParts = [values.OIDC_ISSUER, values.OIDC_CLIENT_ID, values.OIDC_CLIENT_SECRET];
  if (externalParts.some(Boolean) && !externalParts.every(Boolean)) {
    throw new ConfigError(
      "Invalid configuration:\n  OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together (or none of them, for the embedded provider)",
    );
  }
  // The idle default (8 hours) shrinks to fit a shorter absolute lifetime.
  const idleTimeoutS = values.SESSION_IDLE_TIMEOUT_S ?? Math.min(28_800, values.SESSION_ABSOLUTE_LIFETIME_S);
  if (idleTimeoutS > values.SESSION_ABSOLUTE_LIFETIME_S) {
    throw new ConfigError(
      "Invalid configuration:\n  SESSION_IDLE_TIMEOUT_S must not be longer than SESSION_ABSOLUTE_LIFETIME_S",
    );
  }
  if (values.WEB_CONCURRENCY > 1 && !values.DATABASE_URL) {
    throw new ConfigError(
      "Invalid configuration:\n  WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database belongs to one process",
    );
  }
  const s3Only = [
    values.S3_ENDPOINT && "S3_ENDPOINT",
    values.S3_ACCESS_KEY_ID && "S3_ACCESS_KEY_ID",
    values.S3_SECRET_ACCESS_KEY && "S3_SECRET_ACCESS_KEY",
    values.S3_PREFIX && "S3_PREFIX",
    values.S3_FORCE_PATH_STYLE !== undefined && "S3_FORCE_PATH_STYLE",
  ].filter((name) => typeof name === "string");
  if (!values.S3_BUCKET && s3Only.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  ${s3Only.join(", ")} ${s3Only.length === 1 ? "needs" : "need"} S3_BUCKET: without a bucket, files are kept in DATA_DIR`,
    );
  }
  if (Boolean(values.S3_ACCESS_KEY_ID) !== Boolean(values.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      "Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither, for the SDK's own credentials: environment, profile or instance role)",
    );
  }
  if (values.WEB_CONCURRENCY > 1 && !values.S3_BUCKET && values.DATA_DIR.startsWith("memory://")) {
    throw new ConfigError(
      "Invalid configuration:\n  WEB_CONCURRENCY above 1 needs S3_BUCKET or a DATA_DIR on disk: files in memory:// belong to one process",
    );
  }
  if (values.METRICS_PORT !== undefined && values.METRICS_PORT === values.PORT) {
    throw new ConfigError("Invalid configuration:\n  METRICS_PORT must differ from PORT: it is a port of its own");
  }
  const publicUrl = new URL(values.PUBLIC_URL ?? `http://localhost:${values.PORT}`);
  return {
    env: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    publicUrl,
    https: publicUrl.protocol === "https:",
    trustProxy: values.TRUST_PROXY > 0,
    proxyHops: values.TRUST_PROXY,
    workers: values.WEB_CONCURRENCY,
    renderThreads: values.RENDER_THREADS,
    renderBudgetMs: values.RENDER_BUDGET_MS,
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    shutdownGraceMs: values.SHUTDOWN_GRACE_MS,
    formMinimumSeconds: values.FORM_MINIMUM_SECONDS,
    inquiryRetentionDays: values.INQUIRY_RETENTION_DAYS,
    logLevel: values.LOG_LEVEL,
    metrics: { token: values.METRICS_TOKEN, port: values.METRICS_PORT, host: values.METRICS_HOST },
    buildDir: values.BUILD_DIR,
    buildPollMs: values.BUILD_POLL_INTERVAL_S * 1000,
    databaseUrl: values.DATABASE_URL,
    dataDir: values.DATA_DIR,
    demoData: values.DEMO_DATA,
    mail: { smtpUrl: values.SMTP_URL, from: values.MAIL_FROM },
    s3: values.S3_BUCKET
      ? {
          bucket: values.S3_BUCKET,
          region: values.S3_REGION,
          endpoint: values.S3_ENDPOINT,
          // Stores other than AWS mostly want the bucket in the path; AWS itself in the host name.
          forcePathStyle: values.S3_FORCE_PATH_STYLE ?? values.S3_ENDPOINT !== undefined,
          credentials:
            values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: values.S3_ACCESS_KEY_ID, secretAccessKey: values.S3_SECRET_ACCESS_KEY }
              : undefined,
          prefix: values.S3_PREFIX ?? "",
        }
      : undefined,
    auth: {
      external:
        values.OIDC_ISSUER && values.OIDC_CLIENT_ID && values.OIDC_CLIENT_SECRET
          ? {
              issuer: new URL(values.OIDC_ISSUER),
              clientId: values.OIDC_CLIENT_ID,
              clientSecret: values.OIDC_CLIENT_SECRET,
            }
          : undefined,
      scopes: values.OIDC_SCOPES,
      errorPath: values.AUTH_ERROR_PATH,
      adminEmail: values.ADMIN_EMAIL?.toLowerCase(),
      adminPassword: values.ADMIN_PASSWORD,
      adminEmails: values.ADMIN_EMAILS,
      signup: values.SIGNUP,
      session: {
        idleTimeoutS,
        absoluteLifetimeS: values.SESSION_ABSOLUTE_LIFETIME_S,
      },
    },
  };
}

/** The configuration of this process's environment; a bad one is said on stderr (each variable and what is wrong) and the process exits 1. */
export function loadConfigOrExit(): Config {
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
