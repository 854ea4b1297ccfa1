import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { createLogger } from "../log.ts";
import { startHttpServer } from "./serve.ts";

const log = createLogger("error");

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("startHttpServer shutdown", () => {
  it("finishes a request already in flight, then refuses new connections", async () => {
    let release: () => void = () => undefined;
    let arrived: () => void = () => undefined;
    const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
    const server = await startHttpServer({
      host: "127.0.0.1",
      port: 0,
      shutdownTimeoutMs: 10_000,
      log,
      fetch: async () => {
        arrived();
        await new Promise<void>((resolve) => (release = resolve));
        return new Response("finished");
      },
    });
    const inFlight = get(server.address.port, "/slow");
    await requestArrived;
    const stopped = server.shutdown("test");
    await expect(get(server.address.port, "/new")).rejects.toThrow(/ECONNREFUSED/);
    release();
    await expect(inFlight).resolves.toEqual({ status: 200, body: "finished" });
    await expect(stopped).resolves.toBe("drained");
  });

  it("forces open connections shut when they outlast the timeout", async () => {
    let arrived: () => void = () => undefined;
    const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
    const server = await startHttpServer({
      host: "127.0.0.1",
      port: 0,
      shutdownTimeoutMs: 50,
      log,
      fetch: () => {
        arrived();
        return new Promise<Response>(() => undefined);
      },
    });
    const hung = get(server.address.port, "/hangs").catch((error: unknown) => error);
    await requestArrived;
    await expect(server.shutdown("test")).resolves.toBe("forced");
    expect(await hung).toBeInstanceOf(Error);
  });
});
