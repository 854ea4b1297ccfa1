import { readdir, readFile, readlink } from "node:fs/promises";

/**
 * This process's open file descriptors, as Linux lists them in /proc/self/fd: what each
 * one is (`/tmp/…/incoming/3f…` for a file, `socket:[123]` for a socket, `pipe:[…]`…).
 * The tests of transfers that break off count them before and after.
 */
async function openDescriptors(): Promise<{ fd: number; target: string }[]> {
  const found: { fd: number; target: string }[] = [];
  for (const name of await readdir("/proc/self/fd")) {
    // Closed between the listing and this look (the listing's own descriptor, for one).
    const target = await readlink(`/proc/self/fd/${name}`).catch(() => null);
    if (target !== null) found.push({ fd: Number(name), target });
  }
  return found;
}

/** This process's descriptors open on a file or folder under `folder`. */
export async function descriptorsUnder(folder: string): Promise<string[]> {
  const prefix = folder.endsWith("/") ? folder : `${folder}/`;
  return (await openDescriptors()).map(({ target }) => target).filter((target) => target.startsWith(prefix));
}

export type TcpSocket = { localPort: number; remotePort: number };

/** The TCP sockets of this network namespace by inode (/proc/self/net/tcp and tcp6): their two ports. */
async function tcpSockets(): Promise<Map<string, TcpSocket>> {
  const sockets = new Map<string, TcpSocket>();
  for (const table of ["/proc/self/net/tcp", "/proc/self/net/tcp6"]) {
    const text = await readFile(table, "utf8").catch(() => "");
    for (const line of text.split("\n").slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode …
      const fields = line.trim().split(/\s+/);
      const [local, remote, inode] = [fields[1], fields[2], fields[9]];
      if (!local || !remote || !inode) continue;
      sockets.set(inode, {
        localPort: Number.parseInt(local.split(":")[1] ?? "0", 16),
        remotePort: Number.parseInt(remote.split(":")[1] ?? "0", 16),
      });
    }
  }
  return sockets;
}

/**
 * How many descriptors this process holds, leaving out the TCP connections `ours` does
 * not claim (a connection pool's, kept alive between requests and closed when it likes,
 * or a listening socket): every file, pipe and other descriptor counts, and so does each
 * end of a connection that `ours` says is one of the test's own.
 */
export async function descriptorsBesidePools(ours: (socket: TcpSocket) => boolean): Promise<number> {
  const sockets = await tcpSockets();
  let count = 0;
  for (const { target } of await openDescriptors()) {
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    const tcp = inode === undefined ? undefined : sockets.get(inode);
    if (tcp && !ours(tcp)) continue;
    count += 1;
  }
  return count;
}

/**
 * Asks `read` until `done` holds for its answer or the deadline passes, then gives the
 * last answer, for the test to check. The deadline is how long the test allows, not a
 * speed it measures.
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  deadlineMs: number,
): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  let last = await read();
  while (!done(last) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    last = await read();
  }
  return last;
}
