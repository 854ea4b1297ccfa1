import { getRequestListener } from "@hono/node-server";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import type { AppEnv } from "./env.ts";
import { fileBody, requestBody, type RequestBody } from "./transfers.ts";

/** A file's stream of `count` chunks of 64 KB: `destroyed` says whether its file was closed. */
function fileOf(count: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      sent += 1;
      this.push(sent > count ? null : Buffer.alloc(64 * 1024, 0x20));
    },
  });
}

describe("fileBody", () => {
  it("closes the file and tells of a download broken off when the answer is cancelled", async () => {
    const file = fileOf(1000);
    const brokenOff: string[] = [];
    const app = new Hono<AppEnv>().get("/files/:id", (c) =>
      c.body(fileBody(c, file, (route) => brokenOff.push(route))),
    );
    const response = await app.request("/files/a");
    const reader = response.body?.getReader();
    expect((await reader?.read())?.done).toBe(false);
    // The client goes away: the server cancels the answer's stream.
    await reader?.cancel();
    await new Promise((resolve) => file.once("close", resolve));
    expect(file.destroyed).toBe(true);
    expect(brokenOff).toEqual(["/files/:id"]);
  });

  it("sends a whole file without telling of anything", async () => {
    const file = fileOf(4);
    const brokenOff: string[] = [];
    const app = new Hono<AppEnv>().get("/files/:id", (c) =>
      c.body(fileBody(c, file, (route) => brokenOff.push(route))),
    );
    const bytes = new Uint8Array(await (await app.request("/files/a")).arrayBuffer());
    expect(bytes.byteLength).toBe(4 * 64 * 1024);
    expect(file.destroyed).toBe(true);
    expect(brokenOff).toEqual([]);
  });

  it("cuts the answer short when the file fails mid-way, and tells of it", async () => {
    let sent = 0;
    const file = new Readable({
      read() {
        sent += 1;
        if (sent > 3) this.destroy(new Error("the store stopped answering"));
        else this.push(Buffer.alloc(1024, 0x20));
      },
    });
    const brokenOff: string[] = [];
    const app = new Hono<AppEnv>().get("/files/:id", (c) =>
      c.body(fileBody(c, file, (route) => brokenOff.push(route))),
    );
    const response = await app.request("/files/a");
    await expect(response.arrayBuffer()).rejects.toThrow();
    expect(brokenOff).toEqual(["/files/:id"]);
  });

  it("answers HEAD with no body and closes the file unread", async () => {
    const file = fileOf(1000);
    const app = new Hono<AppEnv>().get("/files/:id", (c) =>
      c.body(fileBody(c, file, undefined), 200, { "Content-Length": "65536000" }),
    );
    const response = await app.request("/files/a", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe("65536000");
    expect(await response.text()).toBe("");
    expect(file.destroyed).toBe(true);
  });
});

describe("requestBody", () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => {
      server?.close(resolve);
      server?.closeAllConnections();
    });
  });

  /** A Node server whose one route takes the body and gives it to `route`, which answers when it likes. */
  async function serve(route: (body: RequestBody) => Promise<Response>): Promise<number> {
    const app = new Hono<AppEnv>().post("/upload", (c) => route(requestBody(c)));
    const listener = getRequestListener(app.fetch);
    server = createServer((incoming, outgoing) => void listener(incoming, outgoing));
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    return (server.address() as AddressInfo).port;
  }

  /** Sends `length` bytes' worth of head and `sent` bytes of body, then goes away; or sends all and reads the answer. */
  function post(port: number, length: number, sent: number): Promise<number | "gone"> {
    return new Promise((resolve) => {
      const outgoing = request({ port, host: "127.0.0.1", method: "POST", path: "/upload", agent: false });
      outgoing.setHeader("content-length", String(length));
      outgoing.on("error", () => resolve("gone"));
      outgoing.on("response", (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      outgoing.write(Buffer.alloc(sent, 0x20), () => {
        if (sent < length) outgoing.destroy();
        else outgoing.end();
      });
    });
  }

  it("fails the stream the route reads when the client goes away mid-body", async () => {
    let read: (outcome: { error: unknown; brokenOff: boolean }) => void = () => {};
    const outcome = new Promise<{ error: unknown; brokenOff: boolean }>((resolve) => (read = resolve));
    const port = await serve(async (body) => {
      let error: unknown;
      try {
        for await (const chunk of body.stream) expect(chunk).toBeInstanceOf(Buffer);
      } catch (failed) {
        error = failed;
      }
      read({ error, brokenOff: body.brokenOff() });
      return new Response(null, { status: 400 });
    });
    expect(await post(port, 1024 * 1024, 64 * 1024)).toBe("gone");
    const { error, brokenOff } = await outcome;
    expect(error).toBeInstanceOf(Error);
    expect(brokenOff).toBe(true);
  });

  it("fails it, harmlessly, when nothing reads it yet", async () => {
    let closed: (outcome: { errored: Error | null; brokenOff: boolean }) => void = () => {};
    const outcome = new Promise<{ errored: Error | null; brokenOff: boolean }>((resolve) => (closed = resolve));
    const port = await serve(async (body) => {
      // The route takes its time before it reads (who is asking, say), and the client leaves meanwhile:
      // the stream fails with no reader yet, which must not be thrown as uncaught.
      await new Promise((resolve) => body.stream.once("close", resolve));
      closed({ errored: body.stream.errored, brokenOff: body.brokenOff() });
      return new Response(null, { status: 400 });
    });
    expect(await post(port, 1024 * 1024, 64 * 1024)).toBe("gone");
    const { errored, brokenOff } = await outcome;
    expect(errored).toBeInstanceOf(Error);
    expect(brokenOff).toBe(true);
  });

  it("lets a route stop reading and still answer, saying the rest is unread", async () => {
    let unread: boolean | undefined;
    const port = await serve(async (body) => {
      // A refusal after the first chunk (a file of the wrong type, say).
      for await (const chunk of body.stream) {
        expect(chunk).toBeInstanceOf(Buffer);
        break;
      }
      unread = body.unread();
      body.release();
      return new Response("refused", { status: 400, headers: { connection: "close" } });
    });
    expect(await post(port, 4 * 1024 * 1024, 4 * 1024 * 1024)).toBe(400);
    expect(unread).toBe(true);
  });
});
