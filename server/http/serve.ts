import { getRequestListener } from "@hono/node-server";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "../log.ts";

type FetchHandler = (request: Request) => Response | Promise<Response>;

export type RunningServer = {
  address: AddressInfo;
  /** Stops accepting connections, lets in-flight requests finish, and resolves when all are done or the timeout forced them shut. */
  shutdown: (reason: string) => Promise<"drained" | "forced">;
};

export function startHttpServer(options: {
  fetch: FetchHandler;
  /** Answers some requests on the Node objects themselves, before `fetch` (build files); true when it did. */
  before?: (request: IncomingMessage, response: ServerResponse) => boolean;
  host: string;
  port: number;
  /**
   * After the signal, how long to go on taking connections (answering each with
   * `Connection: close`, and `/readyz` with 503) before the port closes, so a load
   * balancer notices and stops sending here before anything would be refused.
   */
  shutdownGraceMs?: number;
  shutdownTimeoutMs: number;
  log: Logger;
}): Promise<RunningServer> {
  const { log, shutdownTimeoutMs } = options;
  const graceMs = options.shutdownGraceMs ?? 0;
  let closing = false;
  return new Promise((resolve) => {
    const listener = getRequestListener(options.fetch);
    const server = createServer((request, response) => {
      // Once stopping, every connection ends with its answer: none is left idle to be cut.
      if (closing) response.setHeader("Connection", "close");
      if (options.before?.(request, response)) return;
      void listener(request, response);
    });
    server.listen(options.port, options.host, () => {
      const address = server.address() as AddressInfo;
      let stopping: Promise<"drained" | "forced"> | undefined;
      const shutdown = (reason: string) => {
        stopping ??= new Promise((done) => {
          closing = true;
          log.info("shutting down", { reason, graceMs, timeoutMs: shutdownTimeoutMs });
          const close = () => {
            const force = setTimeout(() => {
              log.warn("shutdown timed out; closing open connections");
              if ("closeAllConnections" in server) server.closeAllConnections();
              done("forced");
            }, shutdownTimeoutMs);
            server.close(() => {
              clearTimeout(force);
              log.info("stopped");
              done("drained");
            });
            if ("closeIdleConnections" in server) server.closeIdleConnections();
          };
          if (graceMs === 0) {
            close();
            return;
          }
          setTimeout(() => {
            log.info("grace period over; no longer taking connections", { graceMs });
            close();
          }, graceMs);
        });
        return stopping;
      };
      resolve({ address, shutdown });
    });
  });
}
