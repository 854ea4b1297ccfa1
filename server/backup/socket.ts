import { chmod, rm } from "node:fs/promises";
import { createConnection, createServer, type Server } from "node:net";
import type { Logger } from "../log.ts";
import type { BackupManifest } from "./snapshot.ts";

/**
 * The embedded database belongs to the server process that opened it (PGlite), so a
 * backup of it while the server runs is made by that process: `npm run backup` asks it
 * over a Unix socket in DATA_DIR (only whoever may read DATA_DIR may ask), one line of
 * JSON each way.
 */
export const backupSocketName = "backup.sock";

type Answer = { ok: true; manifest: BackupManifest } | { ok: false; error: string };

export async function serveBackups(options: {
  path: string;
  backup: (to: string) => Promise<BackupManifest>;
  log: Logger;
}): Promise<Server> {
  const server = createServer((socket) => {
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      received += chunk;
      if (!received.includes("\n") || received.length > 10_000) return;
      let to: unknown;
      try {
        to = (JSON.parse(received.slice(0, received.indexOf("\n"))) as { to?: unknown }).to;
      } catch {
        to = undefined;
      }
      const answer = (reply: Answer) => socket.end(`${JSON.stringify(reply)}\n`);
      if (typeof to !== "string" || !to.startsWith("/")) {
        answer({ ok: false, error: "Ask with the backup folder's absolute path." });
        return;
      }
      options.log.info("backup asked for", { to });
      options.backup(to).then(
        (manifest) => {
          options.log.info("backup written", { to, files: manifest.files.length });
          answer({ ok: true, manifest });
        },
        (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          options.log.error("backup failed", { to, error: message });
          answer({ ok: false, error: message });
        },
      );
    });
    socket.on("error", () => undefined);
  });
  // A socket file left by a server that died is in the way; no other server can hold this database.
  await rm(options.path, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.path, () => {
      server.off("error", reject);
      resolve();
    });
  });
  await chmod(options.path, 0o600);
  return server;
}

/** Asks the running server for a backup; "no server" when none listens on the socket. */
export function askServerForBackup(path: string, to: string): Promise<BackupManifest | "no server"> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    let received = "";
    socket.setEncoding("utf8");
    socket.once("connect", () => socket.write(`${JSON.stringify({ to })}\n`));
    socket.on("data", (chunk: string) => (received += chunk));
    socket.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve("no server");
      else reject(error);
    });
    socket.once("end", () => {
      try {
        const answer = JSON.parse(received) as Answer;
        if (answer.ok) resolve(answer.manifest);
        else reject(new Error(answer.error));
      } catch {
        reject(new Error("The server closed the connection without an answer."));
      }
    });
  });
}
