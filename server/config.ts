import { z } from "zod";

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
  TRUST_PROXY: booleanish.default(false),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  BUILD_DIR: z.string().min(1).default("build"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default("data"),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default("Densara <no-reply@densara.example>"),
});

export type Config = {
  env: "production" | "development" | "test";
  host: string;
  port: number;
  /** The origin visitors use; http://localhost:{port} unless PUBLIC_URL says otherwise. */
  publicUrl: URL;
  /** Served over https (directly or behind a TLS-terminating proxy): HSTS and Secure cookies apply. */
  https: boolean;
  trustProxy: boolean;
  shutdownTimeoutMs: number;
  logLevel: "debug" | "info" | "warn" | "error";
  buildDir: string;
  /** PostgreSQL when set; otherwise the embedded PGlite database in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  mail: { smtpUrl: string | undefined; from: string };
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
  const publicUrl = new URL(values.PUBLIC_URL ?? `http://localhost:${values.PORT}`);
  return {
    env: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    publicUrl,
    https: publicUrl.protocol === "https:",
    trustProxy: values.TRUST_PROXY,
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    logLevel: values.LOG_LEVEL,
    buildDir: values.BUILD_DIR,
    databaseUrl: values.DATABASE_URL,
    dataDir: values.DATA_DIR,
    mail: { smtpUrl: values.SMTP_URL, from: values.MAIL_FROM },
  };
}
