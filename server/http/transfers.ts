import type { IncomingMessage } from "node:http";
import { finished, PassThrough, Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { Context } from "hono";
import { routePath } from "hono/route";
import type { AppEnv } from "./env.ts";

/**
 * Files in and out of the server's own routes, ended cleanly whichever side stops
 * (issue 36). Uploads stream from the request into the file store, downloads from the
 * store into the answer: a client that goes away, or a store that fails, ends both
 * streams at once, so the file is closed and a partial one removed there and then (the
 * store does that when its body fails: ADR 021), and the broken-off transfer is counted.
 */

/** Told of a download that ended before its file was all sent, with the route's pattern (the metrics). */
export type DownloadBrokenOff = (route: string) => void;

/**
 * Whether a request's body broke off before it was whole: the client closed or reset the
 * connection mid-way. A request without a body is complete once its head is read.
 */
export function bodyBrokenOff(incoming: IncomingMessage | undefined): boolean {
  return incoming !== undefined && !incoming.complete && incoming.destroyed;
}

export type RequestBody = {
  /** The body as it arrives (never buffered here); it fails as soon as the request does. */
  stream: Readable;
  /** Whether the reader stopped before the end, so the rest is unread: close the connection after the answer. */
  unread: () => boolean;
  /** Whether the client went away mid-body: no one reads an answer. */
  brokenOff: () => boolean;
  /** The route is done with the body: what is left unread stays unread (the connection closes after the answer). */
  release: () => void;
};

/**
 * The request's body as a Node stream for a route that hands it on (an upload).
 *
 * A `pipe` from the request does not pass its abort on: a body cut off halfway left the
 * stream waiting for ever, and the store with it, its file open in `incoming/`. Here the
 * request's end is watched (`finished`, as `pipeline` does), and its failure fails the
 * stream, so the store's own pipeline closes and removes what it wrote at once.
 *
 * Not `pipeline` itself: when the reader stops first (a refused type, a limit), pipeline
 * would destroy the request and its connection, and the refusal would never reach the
 * client. The request is only unpiped then; `unread` says to close the connection after
 * the answer rather than read the rest.
 */
export function requestBody(c: Context<AppEnv>): RequestBody {
  const incoming = c.env.incoming;
  if (!incoming) {
    // Not over Node's HTTP server (a test's `app.fetch`): the web body passes its own errors on.
    const body = c.req.raw.body;
    return {
      stream: body ? Readable.fromWeb(body as WebReadableStream<Uint8Array>) : Readable.from([]),
      unread: () => false,
      brokenOff: () => false,
      release: () => {},
    };
  }
  const stream = new PassThrough();
  // Its reader hears a failure its own way (an iterator, a pipeline). One that comes before
  // anything reads (the route still checking who asks, or done with it unread) must not be
  // thrown as an uncaught error, which would end the process.
  stream.on("error", () => {});
  incoming.pipe(stream);
  const stopWatching = finished(incoming, { writable: false }, (error) => {
    // Ended whole: the pipe ends the stream. Broken off: the stream fails with the request's error.
    if (error && !stream.destroyed) stream.destroy(error);
  });
  // The reader stopped (or the stream ended): the request is no longer piped into it.
  stream.once("close", () => {
    stopWatching();
    incoming.unpipe(stream);
  });
  return {
    stream,
    unread: () => !incoming.readableEnded,
    brokenOff: () => bodyBrokenOff(incoming),
    release: () => stream.destroy(),
  };
}

/**
 * A file's bytes as an answer's body. The file's stream and the answer's are joined by
 * `pipeline`: a client that goes away (the answer is cancelled) destroys the file's stream
 * at once, closing its file or its connection to the store; a store that fails mid-way
 * ends the answer, cut short, rather than leaving it open. Either is told to `brokenOff`
 * under the route's pattern. A HEAD answer has no body: the file is closed unread (Hono
 * answers HEAD with the GET route's headers and drops its body, which would keep the
 * file open, never read).
 */
export function fileBody(
  c: Context<AppEnv>,
  file: Readable,
  brokenOff: DownloadBrokenOff | undefined,
): ReadableStream<Uint8Array> {
  if (c.req.method === "HEAD") {
    file.destroy();
    return new ReadableStream({ start: (controller) => controller.close() });
  }
  const answer = new PassThrough();
  const route = routePath(c);
  // Whatever ends it early, both streams are destroyed; the answer's own end says whether all was sent.
  pipeline(file, answer).catch(() => {});
  finished(answer, (error) => {
    if (error) brokenOff?.(route);
  });
  return Readable.toWeb(answer) as ReadableStream<Uint8Array>;
}
