import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

function configError(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error("expected a ConfigError, but the configuration loaded");
}

describe("loadConfig", () => {
  it("defaults to port 3000, http://localhost:3000 and no https", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl.href).toBe("http://localhost:3000/");
    expect(config.https).toBe(false);
    expect(config.trustProxy).toBe(false);
    expect(config.host).toBe("0.0.0.0");
    expect(config.env).toBe("production");
    expect(config.buildDir).toBe("build");
  });

  it("has a portal tab ask for a newer build every BUILD_POLL_INTERVAL_S seconds: 60 unless set, from 5 s to a day", () => {
    expect(loadConfig({}).buildPollMs).toBe(60_000);
    expect(loadConfig({ BUILD_POLL_INTERVAL_S: "5" }).buildPollMs).toBe(5_000);
    expect(loadConfig({ BUILD_POLL_INTERVAL_S: "86400" }).buildPollMs).toBe(86_400_000);
    for (const refused of ["4", "86401", "1.5", "soon"]) {
      expect(configError({ BUILD_POLL_INTERVAL_S: refused }), refused).toMatch(/BUILD_POLL_INTERVAL_S/);
    }
  });

  it("serves metrics only when told where: a long bearer token, a port of their own, or both", () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, port: undefined, host: "127.0.0.1" });
    const token = "a".repeat(32);
    expect(loadConfig({ METRICS_TOKEN: token, METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" }).metrics).toEqual({
      token,
      port: 9464,
      host: "0.0.0.0",
    });
    expect(configError({ METRICS_TOKEN: "short" })).toMatch(/^ {2}METRICS_TOKEN: must be at least 24 characters/m);
    expect(configError({ METRICS_TOKEN: `${token} spaced` })).toMatch(/^ {2}METRICS_TOKEN: /m);
    expect(configError({ METRICS_PORT: "http" })).toMatch(/^ {2}METRICS_PORT: /m);
    expect(configError({ PORT: "3000", METRICS_PORT: "3000" })).toMatch(/METRICS_PORT must differ from PORT/);
  });

  it("derives the default public URL from PORT", () => {
    const config = loadConfig({ PORT: "8080" });
    expect(config.port).toBe(8080);
    expect(config.publicUrl.origin).toBe("http://localhost:8080");
  });

  it("an https PUBLIC_URL turns https on", () => {
    const config = loadConfig({ PUBLIC_URL: "https://www.densara.example" });
    expect(config.https).toBe(true);
    expect(config.publicUrl.origin).toBe("https://www.densara.example");
  });

  it("an http PUBLIC_URL keeps https off", () => {
    expect(loadConfig({ PUBLIC_URL: "http://intranet.example:8080/" }).https).toBe(false);
  });

  it.each(["yes", "true", "1"])("TRUST_PROXY=%s is true", (value) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(true);
  });

  it.each([
    ["true", 1],
    ["yes", 1],
    ["1", 1],
    ["2", 2],
    ["false", 0],
    ["0", 0],
  ] as const)("TRUST_PROXY=%s trusts %i proxies", (value, hops) => {
    expect(loadConfig({ TRUST_PROXY: value }).proxyHops).toBe(hops);
  });

  it("runs one worker unless WEB_CONCURRENCY says more, and more only on PostgreSQL", () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: "2", DATABASE_URL: "postgres://db.internal/densara" }).workers).toBe(2);
    expect(configError({ WEB_CONCURRENCY: "2" })).toMatch(/WEB_CONCURRENCY above 1 needs DATABASE_URL/);
    expect(configError({ WEB_CONCURRENCY: "0" })).toMatch(/^ {2}WEB_CONCURRENCY: /m);
  });

  it.each(["11", "-1", "1.5"])("rejects TRUST_PROXY=%s", (value) => {
    expect(configError({ TRUST_PROXY: value })).toMatch(/^ {2}TRUST_PROXY: /m);
  });

  it.each(["no", "false", "0"])("TRUST_PROXY=%s is false", (value) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(false);
  });

  it.each(["abc", "0", "65536", "80.5", "-1"])("rejects PORT=%s, naming PORT", (port) => {
    expect(configError({ PORT: port })).toMatch(/^ {2}PORT: /m);
  });

  it("rejects a PUBLIC_URL with a path, naming PUBLIC_URL", () => {
    expect(configError({ PUBLIC_URL: "https://www.densara.example/site" })).toMatch(/^ {2}PUBLIC_URL: .*origin/m);
  });

  it("rejects a PUBLIC_URL that is not http or https, naming PUBLIC_URL", () => {
    expect(configError({ PUBLIC_URL: "ftp://files.example" })).toMatch(/^ {2}PUBLIC_URL: /m);
  });

  it("rejects TRUST_PROXY=maybe, naming TRUST_PROXY", () => {
    expect(configError({ TRUST_PROXY: "maybe" })).toMatch(/^ {2}TRUST_PROXY: /m);
  });

  it("lists every bad variable at once", () => {
    const message = configError({ PORT: "nope", TRUST_PROXY: "maybe", LOG_LEVEL: "loud" });
    expect(message).toMatch(/^ {2}PORT: /m);
    expect(message).toMatch(/^ {2}TRUST_PROXY: /m);
    expect(message).toMatch(/^ {2}LOG_LEVEL: /m);
  });
});

describe("loadConfig: strict values", () => {
  it("treats an empty variable as unset", () => {
    expect(loadConfig({ PORT: "" }).port).toBe(3000);
  });

  it.each(["0x50", "1e3", "80.5", " 80"])("rejects PORT=%s, which is not a plain whole number", (port) => {
    expect(configError({ PORT: port })).toContain("PORT");
  });

  it.each(["https://example.com/?a=1", "https://example.com/#top", "https://user:pass@example.com"])(
    "rejects PUBLIC_URL=%s, which is more than an origin",
    (url) => {
      expect(configError({ PUBLIC_URL: url })).toContain("PUBLIC_URL");
    },
  );
});

describe("loadConfig: sign-in", () => {
  const external = {
    OIDC_ISSUER: "https://idp.example",
    OIDC_CLIENT_ID: "densara",
    OIDC_CLIENT_SECRET: "s3cret",
  };

  it("defaults to the embedded provider, no sign-up, an eight-hour idle timeout and a seven-day lifetime", () => {
    expect(loadConfig({}).auth).toMatchObject({
      external: undefined,
      scopes: "openid email profile",
      errorPath: "/",
      adminEmail: undefined,
      adminPassword: undefined,
      adminEmails: [],
      signup: false,
      session: { idleTimeoutS: 28_800, absoluteLifetimeS: 604_800 },
    });
  });

  it("uses an external provider when all three OIDC variables are set", () => {
    const auth = loadConfig(external).auth;
    expect(auth.external?.issuer.href).toBe("https://idp.example/");
    expect(auth.external?.clientId).toBe("densara");
    expect(auth.external?.clientSecret).toBe("s3cret");
  });

  it.each(["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const)(
    "refuses the OIDC variables without %s, naming all three",
    (missing) => {
      const message = configError({ ...external, [missing]: undefined });
      expect(message).toContain("OIDC_ISSUER");
      expect(message).toContain("OIDC_CLIENT_ID");
      expect(message).toContain("OIDC_CLIENT_SECRET");
      expect(message).toMatch(/together/);
    },
  );

  it("refuses an OIDC_ISSUER that is not https, even on a loopback address", () => {
    expect(configError({ ...external, OIDC_ISSUER: "ftp://idp.example" })).toMatch(/^ {2}OIDC_ISSUER: /m);
    expect(configError({ ...external, OIDC_ISSUER: "http://localhost:8080/realms/x" })).toMatch(
      /^ {2}OIDC_ISSUER: must be an https URL/m,
    );
  });

  it("refuses an OIDC_ISSUER with a query or fragment", () => {
    expect(configError({ ...external, OIDC_ISSUER: "https://idp.example/x?tenant=1" })).toMatch(
      /OIDC_ISSUER: must be the issuer identifier/,
    );
  });

  it("shrinks the idle default to fit a shorter absolute lifetime, but refuses an explicit longer idle timeout", () => {
    expect(loadConfig({ SESSION_ABSOLUTE_LIFETIME_S: "3600" }).auth.session).toEqual({
      idleTimeoutS: 3600,
      absoluteLifetimeS: 3600,
    });
    expect(configError({ SESSION_ABSOLUTE_LIFETIME_S: "3600", SESSION_IDLE_TIMEOUT_S: "7200" })).toMatch(
      /SESSION_IDLE_TIMEOUT_S must not be longer/,
    );
  });

  it("trims ADMIN_EMAIL", () => {
    expect(loadConfig({ ADMIN_EMAIL: "  Boss@Example.com " }).auth.adminEmail).toBe("boss@example.com");
  });

  it("accepts OIDC_SCOPES that include openid", () => {
    expect(loadConfig({ OIDC_SCOPES: "email openid groups" }).auth.scopes).toBe("email openid groups");
  });

  it.each(["email profile", "openidx email", "openid  email", "openid,email"])(
    "rejects OIDC_SCOPES=%j, naming OIDC_SCOPES",
    (scopes) => {
      expect(configError({ OIDC_SCOPES: scopes })).toMatch(/^ {2}OIDC_SCOPES: /m);
    },
  );

  it("accepts an AUTH_ERROR_PATH on this site", () => {
    expect(loadConfig({ AUTH_ERROR_PATH: "/about/contact" }).auth.errorPath).toBe("/about/contact");
  });

  it.each(["//evil.example", "https://evil.example", "/\\evil", "about/contact", "/about us"])(
    "rejects AUTH_ERROR_PATH=%j, which could leave the site",
    (path) => {
      expect(configError({ AUTH_ERROR_PATH: path })).toMatch(/^ {2}AUTH_ERROR_PATH: /m);
    },
  );

  it("splits, trims and lower-cases ADMIN_EMAILS, skipping empty items", () => {
    expect(loadConfig({ ADMIN_EMAILS: " Boss@Example.com,, second@example.ORG ," }).auth.adminEmails).toEqual([
      "boss@example.com",
      "second@example.org",
    ]);
  });

  it("rejects ADMIN_EMAILS with an invalid address, naming ADMIN_EMAILS", () => {
    expect(configError({ ADMIN_EMAILS: "boss@example.com, not-an-address" })).toMatch(/^ {2}ADMIN_EMAILS\b/m);
  });

  it("lower-cases ADMIN_EMAIL and keeps ADMIN_PASSWORD", () => {
    const auth = loadConfig({ ADMIN_EMAIL: "Admin@Example.com", ADMIN_PASSWORD: "twelve chars" }).auth;
    expect(auth.adminEmail).toBe("admin@example.com");
    expect(auth.adminPassword).toBe("twelve chars");
  });

  it("rejects an ADMIN_PASSWORD under 12 characters, naming ADMIN_PASSWORD", () => {
    expect(configError({ ADMIN_PASSWORD: "eleven char" })).toMatch(/^ {2}ADMIN_PASSWORD: .*12/m);
  });

  it.each([
    ["true", true],
    ["yes", true],
    ["false", false],
    ["0", false],
  ])("SIGNUP=%s is %s", (value, expected) => {
    expect(loadConfig({ SIGNUP: value }).auth.signup).toBe(expected);
  });

  it("rejects SIGNUP=maybe, naming SIGNUP", () => {
    expect(configError({ SIGNUP: "maybe" })).toMatch(/^ {2}SIGNUP: /m);
  });

  it("accepts session lengths where the idle timeout fits in the lifetime", () => {
    expect(loadConfig({ SESSION_IDLE_TIMEOUT_S: "3600", SESSION_ABSOLUTE_LIFETIME_S: "3600" }).auth.session).toEqual({
      idleTimeoutS: 3600,
      absoluteLifetimeS: 3600,
    });
  });

  it("rejects an idle timeout longer than the absolute lifetime", () => {
    const message = configError({ SESSION_IDLE_TIMEOUT_S: "7200", SESSION_ABSOLUTE_LIFETIME_S: "3600" });
    expect(message).toContain("SESSION_IDLE_TIMEOUT_S");
    expect(message).toContain("SESSION_ABSOLUTE_LIFETIME_S");
  });
});

describe("loadConfig: file storage", () => {
  it("keeps files in DATA_DIR unless S3_BUCKET is set", () => {
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it("uses the AWS bucket by host name, the SDK's own credentials and us-east-1 when only S3_BUCKET is set", () => {
    expect(loadConfig({ S3_BUCKET: "densara-files" }).s3).toEqual({
      bucket: "densara-files",
      region: "us-east-1",
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
      prefix: "",
    });
  });

  it("puts the bucket in the path for another store's S3_ENDPOINT, unless S3_FORCE_PATH_STYLE says not", () => {
    const env = {
      S3_BUCKET: "files",
      S3_ENDPOINT: "https://s3.storage.example",
      S3_REGION: "eu-central-1",
      S3_ACCESS_KEY_ID: "AKIDEXAMPLE",
      S3_SECRET_ACCESS_KEY: "secret-example",
      S3_PREFIX: "densara/portal/",
    };
    expect(loadConfig(env).s3).toEqual({
      bucket: "files",
      region: "eu-central-1",
      endpoint: "https://s3.storage.example",
      forcePathStyle: true,
      credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret-example" },
      prefix: "densara/portal/",
    });
    expect(loadConfig({ ...env, S3_FORCE_PATH_STYLE: "false" }).s3?.forcePathStyle).toBe(false);
    expect(loadConfig({ S3_BUCKET: "files", S3_FORCE_PATH_STYLE: "true" }).s3?.forcePathStyle).toBe(true);
  });

  it("refuses S3 settings without S3_BUCKET, naming them", () => {
    expect(configError({ S3_ENDPOINT: "https://s3.storage.example", S3_PREFIX: "densara/" })).toMatch(
      /S3_ENDPOINT, S3_PREFIX need S3_BUCKET/,
    );
  });

  it("refuses one of the two S3 credentials without the other", () => {
    expect(configError({ S3_BUCKET: "files", S3_ACCESS_KEY_ID: "AKIDEXAMPLE" })).toMatch(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
    );
    expect(configError({ S3_BUCKET: "files", S3_SECRET_ACCESS_KEY: "secret-example" })).toMatch(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
    );
  });

  it.each([
    ["S3_BUCKET", "Files"],
    ["S3_BUCKET", "a"],
    ["S3_REGION", "EU Central"],
    ["S3_ENDPOINT", "ftp://s3.storage.example"],
    ["S3_ENDPOINT", "https://key:secret@s3.storage.example"],
    ["S3_PREFIX", "densara"],
    ["S3_PREFIX", "../densara/"],
    ["S3_FORCE_PATH_STYLE", "maybe"],
  ])("rejects %s=%s, naming it", (name, value) => {
    expect(configError({ S3_BUCKET: "files", [name]: value })).toMatch(new RegExp(`^ {2}${name}: `, "m"));
  });

  it("refuses several workers with files in memory:// (each process would keep its own)", () => {
    const shared = { WEB_CONCURRENCY: "2", DATABASE_URL: "postgres://db.internal/densara" };
    expect(configError({ ...shared, DATA_DIR: "memory://" })).toMatch(/needs S3_BUCKET or a DATA_DIR on disk/);
    expect(loadConfig({ ...shared, DATA_DIR: "memory://", S3_BUCKET: "files" }).workers).toBe(2);
  });
});
