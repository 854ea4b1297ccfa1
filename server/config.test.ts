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
