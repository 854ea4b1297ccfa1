import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type Server } from "node:http";
import { request as httpsRequest } from "node:https";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { connect, type ConnectionOptions } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { freePort } from "../tests/support/server-process.ts";

/**
 * The deployment files (Dockerfile, compose.yaml, deploy/nginx.conf), checked without a
 * container engine (none runs on these machines): what they name exists, matches what the
 * server reads, and nginx accepts its configuration.
 */

const root = new URL("..", import.meta.url).pathname;
const read = (path: string) => readFileSync(join(root, path), "utf8");

type Service = {
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, unknown>;
  image?: string;
};
const compose = parse(read("compose.yaml")) as { services: Record<string, Service> };
const nginxConf = read("deploy/nginx.conf");
const dockerfile = read("Dockerfile");

/** Every environment variable the configuration tables of docs/configuration.md document. */
const documented = new Set(
  [...read("docs/configuration.md").matchAll(/^\| `([A-Z0-9_]+)`/gm)].map((match) => match[1]),
);

describe("compose.yaml", () => {
  it("runs two app instances behind the proxy, on one PostgreSQL and one S3-compatible store", () => {
    const { app1, app2, proxy, postgres, minio } = compose.services;
    expect(app1?.environment).toEqual(app2?.environment);
    expect(app1?.environment?.DATABASE_URL).toMatch(/@postgres:5432\//);
    expect(app1?.environment?.S3_ENDPOINT).toBe("http://minio:9000");
    expect(postgres?.image).toMatch(/^postgres:/);
    expect(minio?.image).toMatch(/^minio\//);
    expect(proxy?.volumes).toContain("./deploy/nginx.conf:/etc/nginx/nginx.conf:ro");
    for (const name of ["app1", "app2"]) expect(nginxConf).toContain(`server ${name}:3000`);
  });

  it("publishes the proxy on 80 and 443, and tells the app it is an https site behind one proxy", () => {
    const { app1, proxy } = compose.services;
    expect(proxy?.ports).toEqual(["80:80", "443:443"]);
    expect(app1?.environment?.PUBLIC_URL).toMatch(/^\$\{PUBLIC_URL:-https:\/\//);
    expect(app1?.environment?.TRUST_PROXY).toBe("1");
  });

  it("mounts every file the proxy's configuration reads, from a place in this repository", () => {
    const mounts = (compose.services.proxy?.volumes ?? []).flatMap((volume) => {
      const [source = "", target = ""] = volume.split(":");
      return source.startsWith("./") ? [{ source, target }] : [];
    });
    for (const { source } of mounts) expect(existsSync(join(root, source)), source).toBe(true);
    const paths = [
      ...nginxConf.matchAll(/^\s*(?:ssl_certificate|ssl_certificate_key|ssl_dhparam|root)\s+(\S+);/gm),
    ].map((match) => match[1] ?? "");
    expect(paths).toEqual([
      "/var/www/acme",
      "/etc/nginx/tls/fullchain.pem",
      "/etc/nginx/tls/privkey.pem",
      "/etc/nginx/ffdhe2048.pem",
    ]);
    for (const path of paths) {
      expect(
        mounts.some(({ target }) => target === path || target === dirname(path)),
        path,
      ).toBe(true);
    }
    // The certificate's folder is mounted whole, and its key never reaches git or an image.
    expect(read("deploy/tls/.gitignore").split("\n")).toContain("*");
    expect(read(".dockerignore").split("\n")).toContain("deploy/tls");
  });

  it("sets only variables the server reads and docs/configuration.md documents", () => {
    const names = Object.keys(compose.services.app1?.environment ?? {});
    expect(names.length).toBeGreaterThan(5);
    for (const name of names) expect(documented.has(name), name).toBe(true);
  });
});

describe("Dockerfile", () => {
  const lines = dockerfile.split("\n");

  it("runs npm start's command, as a user without privileges, with a health check on /healthz", () => {
    const start = (JSON.parse(read("package.json")) as { scripts: { start: string } }).scripts.start;
    const nodeArgs = start.slice(start.indexOf("node ") + "node ".length).split(" ");
    const cmd = lines.find((line) => line.startsWith("CMD "));
    expect(JSON.parse(cmd?.slice(4) ?? "[]")).toEqual(["node", ...nodeArgs]);
    for (const variable of start.split(" node ")[0]?.split(" ") ?? []) expect(dockerfile).toContain(variable);
    expect(lines).toContain("USER node");
    expect(dockerfile).toMatch(/HEALTHCHECK [\s\S]*\/healthz/);
    expect(dockerfile).toContain("npm prune --omit=dev");
  });

  it("copies into the image every folder the server loads code from, and only folders that exist", () => {
    const copied = lines
      .filter((line) => line.startsWith("COPY --from=build /app/"))
      .map((line) => line.split(" ")[2]?.replace("/app/", "") ?? "");
    for (const path of copied) {
      if (path === "build" || path === "node_modules") continue;
      expect(existsSync(join(root, path)), path).toBe(true);
    }
    // The folders outside server/ that the server's own modules import from.
    const needed = new Set<string>(["server"]);
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
      );
    // Tests, and the permission rows kept beside each entity for them (`*.cases.ts`), are not loaded by the server.
    for (const file of walk(join(root, "server")).filter((path) => /(?<!\.test|\.cases)\.ts$/.test(path))) {
      for (const match of readFileSync(file, "utf8").matchAll(/^import (?!type )[^;]*? from "(\.[^"]+)"/gm)) {
        const target = relative(root, join(file, "..", match[1] ?? ""));
        needed.add(target.split("/")[0] ?? "");
      }
    }
    for (const folder of needed) expect(copied, folder).toContain(folder);
  });
});

/** The `server { … }` blocks of an nginx configuration, comments taken out. */
function serverBlocks(conf: string): string[] {
  const text = conf.replace(/#.*$/gm, "");
  const blocks: string[] = [];
  for (const match of text.matchAll(/\bserver\s*\{/g)) {
    let depth = 0;
    for (let at = match.index; at < text.length; at += 1) {
      if (text[at] === "{") depth += 1;
      else if (text[at] === "}" && --depth === 0) {
        blocks.push(text.slice(match.index, at + 1));
        break;
      }
    }
  }
  return blocks;
}

/** The arguments of every `name …;` directive in a block, each as one string. */
function directives(block: string, name: string): string[] {
  return [...block.matchAll(new RegExp(`(?:^|[;{\\s])${name}\\s+([^;{]*);`, "g"))].map((match) =>
    (match[1] ?? "").trim().replace(/\s+/g, " "),
  );
}

/** Mozilla's "intermediate" TLS 1.2 suites (ssl-config.mozilla.org, guidelines 5.7), in its order. */
const intermediateCiphers = [
  "ECDHE-ECDSA-AES128-GCM-SHA256",
  "ECDHE-RSA-AES128-GCM-SHA256",
  "ECDHE-ECDSA-AES256-GCM-SHA384",
  "ECDHE-RSA-AES256-GCM-SHA384",
  "ECDHE-ECDSA-CHACHA20-POLY1305",
  "ECDHE-RSA-CHACHA20-POLY1305",
  "DHE-RSA-AES128-GCM-SHA256",
  "DHE-RSA-AES256-GCM-SHA384",
  "DHE-RSA-CHACHA20-POLY1305",
].join(":");

describe("deploy/nginx.conf, as written", () => {
  const blocks = serverBlocks(nginxConf);
  const plain = blocks.find((block) => directives(block, "listen").some((listen) => /^80\b/.test(listen))) ?? "";
  const tls = blocks.find((block) => directives(block, "listen").some((listen) => /^443\b/.test(listen))) ?? "";

  it("has two servers: port 80 and port 443", () => {
    expect(blocks).toHaveLength(2);
    expect(directives(plain, "listen")).toEqual(["80 default_server"]);
    expect(directives(tls, "listen")).toEqual(["443 ssl http2 default_server"]);
  });

  it("sends every request on port 80 to https with 301, and proxies nothing there", () => {
    expect(directives(plain, "return")).toEqual(["301 https://$host$request_uri"]);
    expect(directives(plain, "proxy_pass")).toEqual([]);
  });

  it("speaks TLS as Mozilla's intermediate guidelines say: 1.2 and 1.3, their suites, curves, sessions", () => {
    expect(directives(tls, "ssl_protocols")).toEqual(["TLSv1.2 TLSv1.3"]);
    expect(directives(tls, "ssl_ciphers")).toEqual([intermediateCiphers]);
    expect(directives(tls, "ssl_ecdh_curve")).toEqual(["X25519:prime256v1:secp384r1"]);
    expect(directives(tls, "ssl_prefer_server_ciphers")).toEqual(["off"]);
    expect(directives(tls, "ssl_session_timeout")).toEqual(["1d"]);
    expect(directives(tls, "ssl_session_cache")).toEqual(["shared:MozSSL:10m"]);
    expect(directives(tls, "ssl_session_tickets")).toEqual(["off"]);
    expect(directives(tls, "ssl_stapling")).toEqual(["on"]);
    expect(directives(tls, "ssl_stapling_verify")).toEqual(["on"]);
  });

  it("uses RFC 7919's ffdhe2048 group for the DHE suites", () => {
    const text = execFileSync("openssl", ["dhparam", "-in", join(root, "deploy/ffdhe2048.pem"), "-text", "-noout"], {
      encoding: "utf8",
    });
    expect(text).toMatch(/GROUP: ffdhe2048/);
  });

  it("tells the app the visitor's address, host and scheme, and leaves HSTS to the app (never sent twice)", () => {
    const headers = directives(tls, "proxy_set_header");
    expect(headers).toEqual(
      expect.arrayContaining([
        "Host $host",
        "X-Forwarded-Host $host",
        "X-Forwarded-For $proxy_add_x_forwarded_for",
        "X-Forwarded-Proto $scheme",
      ]),
    );
    expect(nginxConf).not.toMatch(/add_header\s+Strict-Transport-Security/i);
  });
});

const hasNginx = (() => {
  try {
    execFileSync("nginx", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

/**
 * The shipped configuration on this machine: compose's names for local addresses, its
 * files in a temporary folder (a self-signed certificate made here), 80 and 443 moved to
 * free ports. Nothing else is changed.
 */
function localConfiguration(dir: string, ports: { http: number; https: number; app: number }): string {
  mkdirSync(join(dir, "logs"));
  mkdirSync(join(dir, "tls"));
  mkdirSync(join(dir, "acme", ".well-known", "acme-challenge"), { recursive: true });
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "2",
      "-subj",
      "/CN=portal.example.test",
      "-addext",
      "subjectAltName=DNS:portal.example.test",
      "-keyout",
      join(dir, "tls", "privkey.pem"),
      "-out",
      join(dir, "tls", "fullchain.pem"),
    ],
    { stdio: "ignore" },
  );
  const conf = nginxConf
    .replace("server app1:3000", `server 127.0.0.1:${ports.app}`)
    .replace("server app2:3000", `server 127.0.0.1:${ports.app}`)
    .replace("listen 80 ", `listen 127.0.0.1:${ports.http} `)
    .replace("listen 443 ", `listen 127.0.0.1:${ports.https} `)
    .replace("/var/cache/nginx/densara", join(dir, "cache"))
    .replace("/var/www/acme", join(dir, "acme"))
    .replace("/etc/nginx/tls/", `${join(dir, "tls")}/`)
    .replace("/etc/nginx/tls/", `${join(dir, "tls")}/`)
    .replace("/etc/nginx/ffdhe2048.pem", join(root, "deploy/ffdhe2048.pem"))
    // The CA bundle is the image's; a self-signed certificate has no OCSP responder to verify.
    .replace("/etc/ssl/certs/ca-certificates.crt", join(dir, "tls", "fullchain.pem"))
    .replace(
      /^http \{/m,
      `http {\n  access_log ${dir}/logs/access.log;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;`,
    );
  const file = join(dir, "nginx.conf");
  writeFileSync(file, `pid ${dir}/nginx.pid;\nerror_log ${dir}/logs/error.log;\n${conf}`);
  return file;
}

describe.skipIf(!hasNginx)("deploy/nginx.conf, run by nginx", () => {
  // Debian's nginx is on the CI machines (the load benchmark uses it); elsewhere this says it did not run.
  const dir = mkdtempSync(join(tmpdir(), "densara-nginx-"));
  const ports = { http: 0, https: 0, app: 0 };
  let nginx: ChildProcess | undefined;
  let app: Server | undefined;
  /** What the app behind the proxy was last told. */
  let heard: IncomingHttpHeaders = {};
  let file = "";

  beforeAll(async () => {
    ports.http = await freePort();
    ports.https = await freePort();
    ports.app = await freePort();
    app = createServer((req, res) => {
      heard = req.headers;
      res.end("the app");
    });
    await new Promise<void>((resolve) => app?.listen(ports.app, "127.0.0.1", resolve));
    file = localConfiguration(dir, ports);
  });

  afterAll(async () => {
    nginx?.kill("SIGTERM");
    if (nginx && nginx.exitCode === null) await new Promise((resolve) => nginx?.once("exit", resolve));
    await new Promise((resolve) => app?.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it("is accepted by nginx -t", () => {
    const checked = spawnSync("nginx", ["-t", "-p", dir, "-c", file], { encoding: "utf8" });
    expect(checked.stderr).toContain("test is successful");
    expect(checked.status).toBe(0);
  });

  describe("serving", () => {
    beforeAll(async () => {
      // One process as this user (no workers to switch to another): what it serves is the same.
      nginx = spawn("nginx", ["-p", dir, "-c", file, "-g", "daemon off; master_process off;"], { stdio: "ignore" });
      // Ready when port 443 takes a TLS handshake.
      for (let tries = 0; tries < 200; tries += 1) {
        if ((await handshake({ maxVersion: "TLSv1.3" })).ok) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`nginx did not start: ${readFileSync(join(dir, "logs", "error.log"), "utf8")}`);
    });

    type Handshake =
      { ok: true; protocol: string | null; alpn: string | false | null; cipher: string } | { ok: false; code: string };

    function handshake(options: ConnectionOptions): Promise<Handshake> {
      return new Promise((resolve) => {
        const socket = connect({
          host: "127.0.0.1",
          port: ports.https,
          servername: "portal.example.test",
          rejectUnauthorized: false,
          ...options,
        });
        socket.once("secureConnect", () => {
          resolve({
            ok: true,
            protocol: socket.getProtocol(),
            alpn: socket.alpnProtocol,
            cipher: socket.getCipher().standardName,
          });
          socket.end();
        });
        socket.once("error", (error: NodeJS.ErrnoException) =>
          resolve({ ok: false, code: error.code ?? error.message }),
        );
      });
    }

    function get(
      path: string,
      headers: Record<string, string>,
      secure: boolean,
    ): Promise<{ status: number; location: string | undefined; body: string }> {
      return new Promise((resolve, reject) => {
        const options = {
          host: "127.0.0.1",
          port: secure ? ports.https : ports.http,
          path,
          headers,
          agent: false as const,
          servername: "portal.example.test",
          rejectUnauthorized: false,
        };
        const done = (res: IncomingMessage) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
        };
        const req = secure ? httpsRequest(options, done) : request(options, done);
        req.on("error", reject);
        req.end();
      });
    }

    it("sends a request on port 80 to https on the host it asked for, with 301 and its path and query", async () => {
      const answer = await get("/products/v5?tab=specs", { host: "portal.example.test" }, false);
      expect(answer.status).toBe(301);
      expect(answer.location).toBe("https://portal.example.test/products/v5?tab=specs");
    });

    it("answers an ACME client's challenge on port 80", async () => {
      writeFileSync(join(dir, "acme", ".well-known", "acme-challenge", "token-1"), "token-1.thumbprint");
      const answer = await get("/.well-known/acme-challenge/token-1", { host: "portal.example.test" }, false);
      expect(answer).toMatchObject({ status: 200, body: "token-1.thumbprint" });
    });

    it("speaks TLS 1.3 and 1.2, offering HTTP/2", async () => {
      expect(await handshake({ minVersion: "TLSv1.3", ALPNProtocols: ["h2", "http/1.1"] })).toMatchObject({
        ok: true,
        protocol: "TLSv1.3",
        alpn: "h2",
      });
      expect(await handshake({ maxVersion: "TLSv1.2", ALPNProtocols: ["http/1.1"] })).toMatchObject({
        ok: true,
        protocol: "TLSv1.2",
        alpn: "http/1.1",
      });
    });

    it("refuses TLS 1.1 and TLS 1.0", async () => {
      for (const version of ["TLSv1.1", "TLSv1"] as const) {
        const answer = await handshake({ minVersion: version, maxVersion: version, ciphers: "DEFAULT@SECLEVEL=0" });
        // The server's own refusal (a protocol_version alert), not this client's.
        expect(answer, version).toEqual({ ok: false, code: "ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION" });
      }
    });

    it("accepts a TLS 1.2 suite of the list and refuses one outside it", async () => {
      expect(await handshake({ maxVersion: "TLSv1.2", ciphers: "ECDHE-ECDSA-AES256-GCM-SHA384" })).toMatchObject({
        ok: true,
        cipher: "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
      });
      for (const outside of ["ECDHE-ECDSA-AES128-SHA", "ECDHE-ECDSA-AES256-SHA384"]) {
        // The server's refusal: a handshake_failure alert (OpenSSL names it by its version).
        const answer = await handshake({ maxVersion: "TLSv1.2", ciphers: outside });
        expect(answer.ok, outside).toBe(false);
        expect(answer.ok ? "" : answer.code, outside).toMatch(/_ALERT_HANDSHAKE_FAILURE$/);
      }
    });

    it("passes the request on over https with the visitor's host, address and scheme, whatever the visitor claimed", async () => {
      const answer = await get(
        "/about",
        { host: "portal.example.test", "x-forwarded-proto": "http", "x-forwarded-host": "evil.example" },
        true,
      );
      expect(answer).toMatchObject({ status: 200, body: "the app" });
      expect(heard).toMatchObject({
        host: "portal.example.test",
        "x-forwarded-host": "portal.example.test",
        "x-forwarded-proto": "https",
        "x-forwarded-for": "127.0.0.1",
      });
    });
  });
});
