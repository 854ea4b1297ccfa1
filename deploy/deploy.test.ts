import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

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
  depends_on?: Record<string, unknown>;
  image?: string;
};
const compose = parse(read("compose.yaml")) as { services: Record<string, Service> };
const nginxConf = read("deploy/nginx.conf");
const dockerfile = read("Dockerfile");

/** Every environment variable the README's configuration table documents. */
const documented = new Set([...read("README.md").matchAll(/^\| `([A-Z0-9_]+)`/gm)].map((match) => match[1]));

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

  it("sets only variables the server reads and the README documents", () => {
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
    for (const file of walk(join(root, "server")).filter((path) => /(?<!\.test)\.ts$/.test(path))) {
      for (const match of readFileSync(file, "utf8").matchAll(/^import (?!type )[^;]*? from "(\.[^"]+)"/gm)) {
        const target = relative(root, join(file, "..", match[1] ?? ""));
        needed.add(target.split("/")[0] ?? "");
      }
    }
    for (const folder of needed) expect(copied, folder).toContain(folder);
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

describe("deploy/nginx.conf", () => {
  // Debian's nginx is on the CI machines (the load benchmark uses it); elsewhere this says it did not run.
  it.skipIf(!hasNginx)("is accepted by nginx, with the compose service names standing for local addresses", () => {
    const dir = mkdtempSync(join(tmpdir(), "densara-nginx-"));
    try {
      mkdirSync(join(dir, "logs"));
      const conf = nginxConf
        .replace("server app1:3000", "server 127.0.0.1:3901")
        .replace("server app2:3000", "server 127.0.0.1:3902")
        .replace("/var/cache/nginx/densara", join(dir, "cache"))
        .replace(
          /^http \{/m,
          `http {\n  access_log ${dir}/logs/access.log;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;`,
        );
      writeFileSync(join(dir, "nginx.conf"), `pid ${dir}/nginx.pid;\nerror_log ${dir}/logs/error.log;\n${conf}`);
      const checked = spawnSync("nginx", ["-t", "-p", dir, "-c", join(dir, "nginx.conf")], { encoding: "utf8" });
      expect(checked.stderr).toContain("test is successful");
      expect(checked.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
