import fc from "fast-check";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildOrigin } from "../../shared/contracts/app-config.ts";
import { formTicketPlaceholder } from "../../shared/contracts/form-ticket.ts";
import { publicPaths } from "../../shared/public-paths.ts";
import { startAuthHarness, testBuild, type AuthHarness, type LogEntry } from "../../tests/support/auth-harness.ts";
import { signInAs, type SignedInPerson } from "../../tests/support/graphql.ts";
import { filesAtOrigin, type BuildFile } from "./build-files.ts";
import { startHttpServer, type RunningServer } from "./serve.ts";

/**
 * A bounded property-based fuzz of the HTTP edge: generated methods, request targets,
 * headers, cookies and bodies go over real HTTP on loopback to the real server (the
 * auth harness: createServer over the production build, PGlite, the embedded provider),
 * one property per family of routes, so a failure names the family. Every answer must:
 *
 * - not be a 5xx;
 * - come at all (15 s per request, purely to tell a hang from an answer: no speed is asserted);
 * - leak nothing: no stack frame, source path or framework message, in a header or the body;
 * - when it is a 4xx with a body, say what went wrong in words a person reads;
 * - leave no error in the server's log (a warning only for a client's mistake, see below),
 *   and print nothing to the console (where the Node adapter and Koa put stack traces).
 *
 * Each family sends FUZZ_RUNS (200) requests, about 1,200 in all: 10 to 25 s of requests on the
 * two-core test machine, depending on what else runs.
 * fast-check prints the seed and the shrunk request of a failure; replay it with
 * FUZZ_SEED=<seed> (and FUZZ_RUNS to run more or fewer cases per family).
 */

const hangAfterMs = 15_000;
const runs = Number(process.env.FUZZ_RUNS ?? 200);
const seed = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const parameters = { numRuns: runs, ...(seed === undefined ? {} : { seed }) };
/** Long enough for the runs and for fast-check to shrink a failure on a busy two-core machine. */
const familyTimeoutMs = 240_000;

/** What must never reach a client: stack frames, source paths, framework internals (as in bad-requests.test.ts). */
/** Where this checkout lives: a path of it in an answer is a leak, wherever the repository is. */
const checkout = fileURLToPath(new URL("../../", import.meta.url));
const leak = new RegExp(
  [
    String.raw`\n\s+at\s`,
    "node_modules",
    checkout.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    "file://",
    "Invalid request method",
    "did not provide an `action`",
  ].join("|"),
);

/**
 * Warnings the server logs for a client's mistake, and only those, are allowed: the
 * provider's "identity provider error" (a bad authorization request, an unknown
 * interaction) and the site's "sign-in failed" (a callback whose state or code does not
 * check out). They are worth a line for whoever looks into a failed sign-in, and the
 * logger writes each as one JSON line (server/log.ts); they must stay that: short, with no
 * stack trace and nothing of the server's files in any field. (A field may quote the
 * client, newlines and all: JSON escapes them, so the line stays one line.) Any other
 * warning, and every error, fails the run.
 */
const clientMistakeWarnings = new Set(["identity provider error", "sign-in failed"]);
const maxWarningLine = 4096;

/**
 * Bugs this fuzz found whose fixes lie outside server/http (reported to their owners, not
 * fixed here). A request that meets one is still sent and still checked for hangs and
 * leaks; only its 5xx, and the log's error line for that 5xx, are let through, and only
 * for the exact shape described. Delete an entry when its fix lands. FUZZ_STRICT=1 lets
 * none through (to see them fail).
 */
const knownBugs: { bug: string; matches: (request: Outgoing, answer: Answer) => boolean }[] = [];
const strict = process.env.FUZZ_STRICT === "1";

function knownBug(request: Outgoing, answer: Answer): string | undefined {
  return strict ? undefined : knownBugs.find((known) => known.matches(request, answer))?.bug;
}

type Outgoing = {
  method: string;
  /** The request target exactly as it goes on the wire (UTF-8 as its bytes, one latin1 character each). */
  target: string;
  headers: Record<string, string>;
  body: Buffer;
  chunked: boolean;
  /** The harness's listener, or one wired as server/start.ts wires it (build files answered on the Node request). */
  via: "harness" | "production";
};

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer; text: string };

type Body = { type: string | null; bytes: Buffer };

let sent = 0;
let skipped = 0;
/** The known bugs a run met, for its summary. */
const knownSeen = new Set<string>();

// ---------------------------------------------------------------------------------------
// Sending
// ---------------------------------------------------------------------------------------

/** Node's client refuses a request it cannot put on the wire; those cases are skipped, not sent. */
const unsendable = new Set(["ERR_INVALID_HTTP_TOKEN", "ERR_UNESCAPED_CHARACTERS", "ERR_INVALID_CHAR"]);

function codeOf(error: unknown): string | undefined {
  return error instanceof Error && "code" in error && typeof error.code === "string" ? error.code : undefined;
}

function describeRequest(request: Outgoing): string {
  const headers = Object.entries(request.headers)
    .map(([name, value]) => `${name}: ${value.slice(0, 200)}`)
    .join("\n  ");
  const body = request.body.length
    ? `\n  body (${request.body.length} bytes): ${JSON.stringify(request.body.toString("latin1").slice(0, 300))}`
    : "";
  return `${request.method} ${request.target.slice(0, 400)} via ${request.via}${request.chunked ? " (chunked)" : ""}\n  ${headers}${body}`;
}

/** Sends one request with node:http (no connection reuse: one misbehaving answer cannot spoil the next). */
function sendWithNode(origin: URL, request: Outgoing): Promise<Answer | "unsendable"> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...request.headers };
    if (request.chunked) headers["transfer-encoding"] = "chunked";
    else if (request.body.length > 0) headers["content-length"] = String(request.body.length);
    let outgoing;
    try {
      outgoing = httpRequest(
        {
          host: origin.hostname,
          port: origin.port,
          method: request.method,
          path: request.target,
          headers,
          agent: false,
          signal: AbortSignal.timeout(hangAfterMs),
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", reject);
          response.on("end", () => {
            const body = Buffer.concat(chunks);
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body, text: "" });
          });
        },
      );
    } catch (error) {
      if (unsendable.has(codeOf(error) ?? "")) return resolve("unsendable");
      return reject(error instanceof Error ? error : new Error(String(error)));
    }
    outgoing.on("error", (error) =>
      reject(
        error.name === "AbortError" || error.name === "TimeoutError"
          ? new Error(`no answer within ${hangAfterMs / 1000} s (a hang)`)
          : error,
      ),
    );
    if (request.chunked && request.body.length > 1) {
      // A few chunks, split where they fall.
      const middle = Math.floor(request.body.length / 2);
      outgoing.write(request.body.subarray(0, middle));
      outgoing.end(request.body.subarray(middle));
    } else {
      outgoing.end(request.body.length ? request.body : undefined);
    }
  });
}

/** Decodes a chunked body (a raw answer). */
function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf("\r\n", at);
    if (lineEnd === -1) break;
    const size = Number.parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/**
 * Sends one request byte for byte on a socket: for what node:http would change (it
 * upper-cases a method, so a lowercase `get` goes out as GET). Reads until the server closes.
 */
function sendRaw(origin: URL, request: Outgoing): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: origin.hostname, port: Number(origin.port) });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${hangAfterMs / 1000} s (a hang)`));
    }, hangAfterMs);
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on("close", () => {
      clearTimeout(timer);
      const data = Buffer.concat(chunks);
      const headEnd = data.indexOf("\r\n\r\n");
      if (headEnd === -1)
        return reject(new Error(`the server closed the connection without an answer (${data.length} bytes)`));
      const [statusLine = "", ...lines] = data.subarray(0, headEnd).toString("latin1").split("\r\n");
      const headers: IncomingHttpHeaders = {};
      for (const line of lines) {
        const colon = line.indexOf(":");
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const rest = data.subarray(headEnd + 4);
      const body = headers["transfer-encoding"] === "chunked" ? dechunk(rest) : rest;
      resolve({ status: Number(statusLine.split(" ")[1] ?? 0), headers, body, text: "" });
    });
    const headerLines = Object.entries({ host: origin.host, ...request.headers, connection: "close" })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("");
    const length = request.body.length ? `content-length: ${request.body.length}\r\n` : "";
    socket.write(Buffer.from(`${request.method} ${request.target} HTTP/1.1\r\n${headerLines}${length}\r\n`, "latin1"));
    if (request.body.length) socket.write(request.body);
  });
}

function decode(answer: Answer): Buffer {
  const encoding = (answer.headers["content-encoding"] ?? "identity").toLowerCase();
  // "none" is no coding at all: GraphQL Yoga's event streams say so, to keep proxies from compressing them.
  if (answer.body.length === 0 || encoding === "identity" || encoding === "none") return answer.body;
  if (encoding === "br") return brotliDecompressSync(answer.body);
  if (encoding === "gzip") return gunzipSync(answer.body);
  if (encoding === "deflate") return inflateSync(answer.body);
  throw new Error(`an answer in an unknown encoding: ${encoding}`);
}

// ---------------------------------------------------------------------------------------
// What every answer must be
// ---------------------------------------------------------------------------------------

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The words a person sees on an HTML page: no head, scripts or styles, no tags. */
function visibleText(html: string): string {
  return html
    .replace(/<head[\s>][\s\S]*?<\/head>/gi, " ")
    .replace(/<(script|style|template|noscript)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, name: string) => {
      if (name.startsWith("#x")) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
      return entities[name.toLowerCase()] ?? all;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** The messages of a JSON error: GraphQL's `message`, OAuth's `error_description` and the like. */
function messagesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(messagesOf);
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, field]) =>
    typeof field === "string"
      ? ["message", "error_description", "description", "detail", "title"].includes(key)
        ? [field]
        : []
      : messagesOf(field),
  );
}

/** Three words or more: a sentence on a page, not a lone heading or a code. */
const sentence = /\p{L}{2,}(?:[\s,;:'’-]+\p{L}+){2,}/u;
/** A word: text that says something, not an empty body or a number. */
const word = /\p{L}{2,}/u;

/**
 * What a person reads in a 4xx: on an HTML page a visible sentence; in JSON an error's
 * message (GraphQL's `message`, OAuth's `error_description`); in any other text, a
 * sentence (Koa's bare "Not Found" is not one).
 */
function humanMessage(answer: Answer): string | null {
  const type = (answer.headers["content-type"] ?? "").toLowerCase();
  if (type.includes("html")) return sentence.exec(visibleText(answer.text))?.[0] ?? null;
  if (type.includes("json")) {
    try {
      const parsed: unknown = JSON.parse(answer.text);
      return messagesOf(parsed).find((message) => word.test(message)) ?? null;
    } catch {
      return null;
    }
  }
  return sentence.test(answer.text) ? answer.text.trim() : null;
}

/**
 * Bodies shipped as built, that every visitor gets alike: a client bundle may quote React
 * Router's messages, and GraphiQL (an administrator's page at /graphql, one inlined
 * third-party bundle) carries its own build's module paths in comments. Their headers are
 * still checked.
 */
function isShippedCode(request: Outgoing, answer: Answer): boolean {
  const type = answer.headers["content-type"] ?? "";
  if (![200, 206].includes(answer.status)) return false;
  if (/javascript|text\/css|font\/|image\/|application\/manifest|application\/octet-stream/.test(type)) return true;
  return request.target.startsWith("/graphql") && type.startsWith("text/html") && answer.text.includes("graphiql");
}

/** The body as a person would read it: a page's visible words, anything else as it is. */
function readable(answer: Answer): string {
  return String(answer.headers["content-type"]).includes("html") ? visibleText(answer.text) : answer.text;
}

function headerText(headers: IncomingHttpHeaders): string {
  return Object.entries(headers)
    .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join("\n ") : String(value)}`)
    .join("\n");
}

function problemWith(request: Outgoing, answer: Answer): string | null {
  if (answer.status >= 500 && !knownBug(request, answer)) return `a server error: ${readable(answer).slice(0, 800)}`;
  if (answer.status < 100) return `no status line (${answer.status})`;
  const headers = headerText(answer.headers);
  if (leak.test(headers))
    return `a header leaks internals: ${leak.exec(headers)?.[0] ?? ""}\n${headers.slice(0, 1000)}`;
  if (!isShippedCode(request, answer) && leak.test(answer.text)) {
    const at = answer.text.search(leak);
    return `the body leaks internals: …${answer.text.slice(Math.max(0, at - 200), at + 300)}…`;
  }
  if (answer.status >= 400 && request.method !== "HEAD" && answer.body.length > 0 && !humanMessage(answer)) {
    return `a ${answer.status} without a message a person can read (${String(answer.headers["content-type"])}): ${answer.text.slice(0, 500)}`;
  }
  return null;
}

function acceptableWarning(entry: LogEntry): boolean {
  if (!clientMistakeWarnings.has(entry.message)) return false;
  const strings = Object.values(entry.fields).filter((value): value is string => typeof value === "string");
  const line = JSON.stringify({ level: entry.level, message: entry.message, ...entry.fields });
  return line.length <= maxWarningLine && !line.includes("\n") && strings.every((value) => !leak.test(value));
}

// ---------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------

function hex(byte: number): string {
  return `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
}

/** As it goes on the wire: UTF-8 as its bytes, spaces and control characters percent-escaped. */
function wire(text: string): string {
  return [...Buffer.from(text, "utf8")]
    .map((byte) => (byte <= 0x20 || byte === 0x7f ? hex(byte) : String.fromCharCode(byte)))
    .join("");
}

/**
 * ASCII as it is (but spaces and control characters), anything else percent-escaped. Node's
 * parser refuses raw UTF-8 in a query string (a bare 400 of its own), though not in a path.
 */
function loose(text: string): string {
  return [...Buffer.from(text, "utf8")]
    .map((byte) => (byte <= 0x20 || byte >= 0x7f ? hex(byte) : String.fromCharCode(byte)))
    .join("");
}

/** Every byte but the unreserved ones percent-escaped. */
function escaped(text: string): string {
  return [...Buffer.from(text, "utf8")]
    .map((byte) => (/[A-Za-z0-9._~-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : hex(byte)))
    .join("");
}

/** A header value Node's client sends: no control characters; UTF-8 as its bytes. */
function headerValue(text: string): string {
  return [...Buffer.from(text, "utf8")]
    .map((byte) => ((byte < 0x20 && byte !== 0x09) || byte === 0x7f ? "?" : String.fromCharCode(byte)))
    .join("");
}

const oddSegments = [
  "",
  ".",
  "..",
  "...",
  "%2e",
  "%2e%2e",
  "%2E%2E",
  ".%2e",
  "..%2f",
  "%2e%2e%2f",
  "%",
  "%%",
  "%z",
  "%zz",
  "%0",
  "%c0%af",
  "%c0%ae",
  "%00",
  "%0a",
  "%0d%0a",
  "%2f",
  "%2F",
  "%5c",
  "\\",
  "%E0%A4%A",
  "%ff",
  "%fe%ff",
  "%ed%a0%80",
  "%f4%90%80%80",
  "%u0041",
  "%25",
  "%252e",
  "%20",
  "+",
  ";",
  ";x=1",
  "~",
  "@",
  ":",
  "*",
  "$",
  "!",
  "'",
  "(",
  ",",
  "=",
  "&",
  "#frag",
  "?",
  "index.html",
  "index.html.br",
  "_root.data",
  ".data",
  "x.data",
  "a.b.c",
  ".env",
  ".git",
  "about",
  "products",
  "v4",
  "v5",
  "docs",
  "dashboard",
  "admin",
  "settings",
  "idp",
  "auth",
  "assets",
  "graphql",
  "builds",
  "api",
  "search.json",
  "sitemap.xml",
  "robots.txt",
  "__proto__",
  "constructor",
  "prototype",
  "null",
  "undefined",
  "NaN",
  "-1",
  "0",
  "99999999999999999999999",
  "CON",
  "é",
  "%C3%A9",
  "😀",
  "%F0%9F%98%80",
  "ｅｘａｍｐｌｅ",
  "\u202e",
  "\u0000",
];

const longSegment = fc
  .tuple(fc.integer({ min: 100, max: 2000 }), fc.constantFrom("a", "%41", "é", "..", "%", "😀", "%zz", "/"))
  .map(([length, unit]) => loose(unit.repeat(Math.ceil(length / unit.length))).slice(0, length));

/**
 * A path segment. Unicode mostly goes percent-escaped, as browsers send it: Node's parser
 * refuses raw UTF-8 in a request target with a bare 400 of its own, so a few raw ones
 * check only that.
 */
const segment = fc.oneof(
  { weight: 8, arbitrary: fc.webSegment() },
  { weight: 8, arbitrary: fc.constantFrom(...oddSegments).map(loose) },
  { weight: 4, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }).map(loose) },
  { weight: 4, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }).map(escaped) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 12 }).map(escaped) },
  { weight: 2, arbitrary: longSegment },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }).map(wire) },
);

/** At most this much request target: Node's server refuses a head over 16 KB, with no body. */
const maxTarget = 4000;

const junkText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    ";",
    "=",
    '"',
    "%",
    "%zz",
    "%c0%af",
    "null",
    "undefined",
    "{}",
    "[]",
    "__proto__",
    "constructor",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "-1",
    "1e999",
    "NaN",
  ),
  fc.integer({ min: 200, max: 2000 }).map((length) => "x".repeat(length)),
);

const queryValue = fc.oneof(
  { weight: 4, arbitrary: junkText.map(escaped) },
  { weight: 4, arbitrary: junkText.map(loose) },
  { weight: 1, arbitrary: junkText.map(wire) },
  { weight: 2, arbitrary: fc.uuid() },
  { weight: 2, arbitrary: fc.integer().map(String) },
);

function queryOf(names: readonly string[]): fc.Arbitrary<string> {
  const name = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...names) },
    { weight: 2, arbitrary: junkText.map(loose) },
    { weight: 1, arbitrary: junkText.map(wire) },
  );
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant("") },
    {
      weight: 4,
      arbitrary: fc
        .array(fc.tuple(name, fc.option(queryValue, { nil: undefined })), { minLength: 1, maxLength: 6 })
        .map((pairs) => `?${pairs.map(([key, value]) => (value === undefined ? key : `${key}=${value}`)).join("&")}`),
    },
    { weight: 1, arbitrary: fc.webQueryParameters().map((query) => `?${query}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "?",
        "??",
        "?&&",
        "?=",
        "?%zz",
        "?a=%",
        "?a=%c0%af",
        "?index",
        `?${"a=1&".repeat(400)}`,
      ),
    },
  );
}

function target(path: string, query: string): string {
  return `${path}${query}`.slice(0, maxTarget);
}

const methodsNodeKnows = [
  "PUT",
  "DELETE",
  "PATCH",
  "OPTIONS",
  "PROPFIND",
  "PROPPATCH",
  "MKCOL",
  "COPY",
  "MOVE",
  "LOCK",
  "UNLOCK",
  "TRACE",
  "SEARCH",
  "PURGE",
  "REPORT",
  "MKACTIVITY",
  "CHECKOUT",
  "MERGE",
  "NOTIFY",
  "SUBSCRIBE",
  "UNSUBSCRIBE",
  "QUERY",
  "LINK",
  "UNLINK",
  "SOURCE",
  "ACL",
  "BIND",
  "MKCALENDAR",
];
/** Tokens Node's server does not take (it answers 400 itself); lowercase ones go out raw. */
const oddMethods = ["get", "post", "Get", "propfind", "FOO", "BREW", "GETS", "G", "M-SEARCH", "X".repeat(200)];

const method = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("GET", "HEAD", "POST") },
  { weight: 3, arbitrary: fc.constantFrom(...methodsNodeKnows) },
  { weight: 1, arbitrary: fc.constantFrom(...oddMethods) },
);

const ip = fc.oneof(
  fc.ipV4(),
  fc.ipV6(),
  fc.constantFrom("unknown", "", ",", "1.2.3.4, 5.6.7.8", "999.1.1.1", "::ffff:1.2.3.4", "[::1]:80", "localhost"),
);

const etagLike = fc.oneof(
  fc.constantFrom("*", '"x"', 'W/"x"', "", '"', '""', "W/", ",", '"a", "b"', "*, *"),
  fc.string({ maxLength: 40 }).map((text) => `"${text}"`),
  junkText.map(headerValue),
);

const httpDate = fc.oneof(
  fc
    .date({ min: new Date("1900-01-01"), max: new Date("2200-01-01"), noInvalidDate: true })
    .map((date) => date.toUTCString()),
  fc.constantFrom("", "yesterday", "Thu, 01 Jan 1970 00:00:00 GMT", "0", "-1", "Sun, 06 Nov 1994 08:49:37 GMT, x"),
  junkText.map(headerValue),
);

const contentType = fc.constantFrom(
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded; charset=utf-8",
  "application/x-www-form-urlencoded; charset=latin1",
  "APPLICATION/X-WWW-FORM-URLENCODED",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "multipart/form-data; boundary=zzz",
  'multipart/form-data; boundary="a b"',
  `multipart/form-data; boundary=${"b".repeat(100)}`,
  "multipart/mixed; boundary=x",
  "application/json",
  "application/json; charset=utf-16",
  "application/graphql",
  "application/graphql+json",
  "application/graphql-response+json",
  "text/plain",
  "text/html",
  "application/xml",
  "application/octet-stream",
  "image/png",
  "",
  ";",
  "x",
  "*/*",
);

const cookieNames = [
  "densara_session",
  "__Host-densara_session",
  "densara_flash",
  "__Host-densara_flash",
  "densara_login",
  "__Host-densara_login",
  "densara_notice",
  "__Host-densara_notice",
  "_session",
  "_session.legacy",
  "_session.sig",
  "_interaction",
  "_interaction_resume",
  "__Host-",
  "__Secure-",
  "__Host-x",
  "",
];

const cookieValue = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9_-]{1,200}$/),
  junkText.map(headerValue),
  fc.jsonValue({ maxDepth: 2 }).map((value) => Buffer.from(JSON.stringify(value)).toString("base64url")),
  fc.constantFrom(
    "signin-state",
    "signout-expired",
    "toString",
    Buffer.from('{"title":"x","kind":"success"}').toString("base64url"),
    "a".repeat(5000),
  ),
);

function cookieHeader(extra: fc.Arbitrary<string>[] = []): fc.Arbitrary<string> {
  const pair = fc.oneof(
    fc
      .tuple(fc.oneof(fc.constantFrom(...cookieNames), junkText.map(headerValue)), cookieValue)
      .map(([name, value]) => `${name}=${value}`),
    fc.constantFrom("=", "novalue", ";;", "a=b=c", "__Host-densara_session", "densara_session="),
    ...extra,
  );
  return fc
    .tuple(fc.array(pair, { minLength: 1, maxLength: 5 }), fc.constantFrom("; ", ";", ", ", " ; "))
    .map(([pairs, separator]) => pairs.join(separator));
}

type HeaderOptions = { origin: string; cookie?: fc.Arbitrary<string> };

/** Present in one request in eight: the headers that change everything (another host, a forged origin). */
function rarely(arbitrary: fc.Arbitrary<string>): fc.Arbitrary<string | undefined> {
  return fc.oneof({ weight: 7, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });
}

/** The headers a browser, a script or a scanner might send; each one present or not. */
function commonHeaders(options: HeaderOptions): fc.Arbitrary<Record<string, string>> {
  const often = fc.record(
    {
      accept: fc.oneof(
        fc.constantFrom(
          "text/html",
          "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
          "application/json",
          "*/*",
          "text/x-script",
          "application/graphql-response+json",
          "text/event-stream",
          "multipart/mixed",
          "image/*",
          "",
          ";;;",
        ),
        junkText.map(headerValue),
      ),
      "accept-encoding": fc.constantFrom(
        "gzip, deflate, br",
        "br",
        "gzip",
        "deflate",
        "identity",
        "*",
        "br;q=0",
        "gzip;q=abc",
        "zstd",
        "",
        "x",
        "br;q=0, gzip;q=0, *;q=0",
      ),
      "accept-language": junkText.map(headerValue),
      cookie: options.cookie ?? cookieHeader(),
      "x-forwarded-for": ip,
      "x-forwarded-proto": fc.constantFrom("https", "http", "HTTPS", "ftp", "", "https, http"),
      "user-agent": fc.oneof(
        fc.constantFrom(
          "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
          "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36",
          "curl/8.0",
          "",
        ),
        junkText.map(headerValue),
      ),
      "if-none-match": etagLike,
      "if-modified-since": httpDate,
      referer: junkText.map(headerValue),
      "x-csrf-token": junkText.map(headerValue),
      "content-type": contentType,
    },
    { requiredKeys: [] },
  );
  const rare = fc.record({
    origin: rarely(fc.constantFrom(options.origin, "https://evil.example", "null", "", "http://127.0.0.1")),
    "sec-fetch-site": rarely(fc.constantFrom("same-origin", "same-site", "cross-site", "none", "x")),
    host: rarely(fc.constantFrom("evil.example", "", "127.0.0.1:1", "[::1]:80", "a..b", "x y")),
    authorization: rarely(
      fc.oneof(
        fc.constantFrom("Bearer", "Bearer ", "Basic Zm9vOmJhcg==", "Bearer a b", "dsr_x"),
        junkText.map((text) => `Bearer ${headerValue(text)}`),
      ),
    ),
    expect: rarely(fc.constantFrom("100-continue", "x")),
  });
  return fc.tuple(often, rare).map(([some, few]) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries({ ...some, ...few }))
      if (typeof value === "string") headers[name] = value;
    return headers;
  });
}

type Part = { name: string; filename?: string; type?: string; data: Buffer };

function multipartBody(boundary: string, parts: Part[], closed: boolean): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += "\r\n";
    if (part.type !== undefined) head += `Content-Type: ${part.type}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`, "latin1"), part.data, Buffer.from("\r\n"));
  }
  if (closed) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

const fileData = fc.oneof(
  fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)),
  fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.concat([png, Buffer.from(bytes)])),
  fc.constant(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>")),
);

type Field = [string, string];

const fieldValue = fc.oneof(
  junkText,
  fc.uuid(),
  fc.integer().map(String),
  fc.emailAddress(),
  fc.constantFrom("admin", "editor", "viewer", "light", "dark", "system", "on", "true", "30", "7", "365"),
);

function fieldsOf(names: readonly string[], fixed: fc.Arbitrary<Field>[] = []): fc.Arbitrary<Field[]> {
  const name = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: junkText });
  return fc.array(fc.oneof(fc.tuple(name, fieldValue), ...fixed), { maxLength: 8 });
}

/** A request body of every kind a client might send, each with the type it would declare. */
function bodyOf(fields: fc.Arbitrary<Field[]>): fc.Arbitrary<Body> {
  const token = fc.stringMatching(/^[A-Za-z0-9'()+_,./:=?-]{1,60}$/);
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant<Body>({ type: null, bytes: Buffer.alloc(0) }) },
    {
      weight: 4,
      arbitrary: fields.map((pairs): Body => ({
        type: "application/x-www-form-urlencoded",
        bytes: Buffer.from(new URLSearchParams(pairs).toString()),
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom("a=%zz", "=&=&", "%", "a=%c0%af&b", "&&&", `${"a".repeat(3000)}=1`, "csrf=%00", "intent")
        .map((text): Body => ({ type: "application/x-www-form-urlencoded", bytes: Buffer.from(text) })),
    },
    {
      weight: 3,
      arbitrary: fc
        .record({
          boundary: token,
          pairs: fields,
          file: fc.option(
            fc.record({
              name: fc.constantFrom("picture", "file", "0", "upload"),
              filename: fc.constantFrom("a.png", "", "../../etc/passwd", "é.jpg", 'a"b.png'),
              type: fc.constantFrom("image/png", "image/jpeg", "application/octet-stream", "text/html", ""),
              data: fileData,
            }),
            { nil: undefined },
          ),
          closed: fc.boolean(),
          declared: fc.constantFrom("same", "quoted", "none", "other"),
        })
        .map(({ boundary, pairs, file, closed, declared }): Body => {
          const parts: Part[] = pairs.map(([name, value]) => ({ name, data: Buffer.from(value) }));
          if (file) parts.push(file);
          const type =
            declared === "same"
              ? `multipart/form-data; boundary=${boundary}`
              : declared === "quoted"
                ? `multipart/form-data; boundary="${boundary}"`
                : declared === "none"
                  ? "multipart/form-data"
                  : "multipart/form-data; boundary=something-else";
          return { type, bytes: multipartBody(boundary, parts, closed) };
        }),
    },
    {
      weight: 2,
      arbitrary: fc
        .jsonValue({ maxDepth: 3 })
        .map((value): Body => ({ type: "application/json", bytes: Buffer.from(JSON.stringify(value)) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom("{", '{"a":', "[1,2", "\u0000", "nul", '{"__proto__":{"x":1}}', "1e999999")
        .map((text): Body => ({ type: "application/json", bytes: Buffer.from(text) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.uint8Array({ maxLength: 4096 }), fc.constantFrom("application/octet-stream", "image/png", null))
        .map(([bytes, type]): Body => ({ type, bytes: Buffer.from(bytes) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .string({ unit: "grapheme", maxLength: 500 })
        .map((text): Body => ({ type: "text/plain", bytes: Buffer.from(text) })),
    },
  );
}

type Shape = {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: Body;
  overrideType: boolean;
  chunked: boolean;
  via?: "harness" | "production";
};

/** One request from its generated parts: the body's own type unless a generated one overrides it. */
function assemble(shape: Shape, fixed: Record<string, string> = {}): Outgoing {
  const headers = { ...shape.headers };
  const generatedType = headers["content-type"];
  delete headers["content-type"];
  const type = shape.overrideType && generatedType !== undefined ? generatedType : shape.body.type;
  if (type !== null) headers["content-type"] = type;
  return {
    method: shape.method,
    target: target(shape.path, shape.query),
    headers: { ...headers, ...fixed },
    body: shape.body.bytes,
    chunked: shape.chunked,
    via: shape.via ?? "harness",
  };
}

function shapeOf(parts: {
  method?: fc.Arbitrary<string>;
  path: fc.Arbitrary<string>;
  query: fc.Arbitrary<string>;
  headers: HeaderOptions;
  body: fc.Arbitrary<Body>;
  via?: fc.Arbitrary<"harness" | "production">;
}): fc.Arbitrary<Shape> {
  return fc.record({
    method: parts.method ?? method,
    path: parts.path,
    query: parts.query,
    headers: commonHeaders(parts.headers),
    body: parts.body,
    overrideType: fc.boolean(),
    chunked: fc.boolean(),
    via: parts.via ?? fc.constant<"harness" | "production">("harness"),
  });
}

function randomPath(prefix = ""): fc.Arbitrary<string> {
  return fc
    .tuple(fc.array(segment, { minLength: 1, maxLength: 6 }), fc.boolean())
    .map(([segments, trailing]) => `${prefix}/${segments.join("/")}${trailing ? "/" : ""}`);
}

// ---------------------------------------------------------------------------------------
// The fuzz
// ---------------------------------------------------------------------------------------

describe("the HTTP edge, fuzzed", () => {
  let harness: AuthHarness;
  let production: RunningServer;
  let productionOrigin: URL;
  let admin: SignedInPerson;
  let files: ReadonlyMap<string, BuildFile>;
  const families: Record<string, number> = {};

  /**
   * What the server printed instead of logging: the Node adapter and Koa (under the
   * provider) write a failure's stack trace to the console. That is an error in the log
   * too, in the one place no log collector parses.
   */
  const printed: string[] = [];
  const print = (...args: unknown[]) => {
    printed.push(args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(" "));
  };

  beforeAll(async () => {
    vi.spyOn(console, "error").mockImplementation(print);
    vi.spyOn(console, "warn").mockImplementation(print);
    harness = await startAuthHarness("pglite");
    admin = await signInAs(harness, "admin");
    // The files as the server keeps them: at its origin (ADR 042).
    files = await filesAtOrigin((await testBuild()).files, buildOrigin, harness.origin);
    // The same server, wired as server/start.ts wires it: build files answered on the Node request.
    production = await startHttpServer({
      fetch: harness.server.fetch,
      before: harness.server.answerBuildFile,
      host: "127.0.0.1",
      port: 0,
      shutdownTimeoutMs: 1000,
      log: harness.log,
    });
    productionOrigin = new URL(`http://127.0.0.1:${production.address.port}`);
    harness.log.entries.length = 0;
  });

  afterAll(async () => {
    console.info(`HTTP fuzz: ${sent} requests (${JSON.stringify(families)}); ${skipped} Node's client would not send`);
    for (const bug of knownSeen) console.info(`HTTP fuzz met a known bug (let through): ${bug}`);
    await production.shutdown("the fuzz is over");
    await harness.close();
    vi.restoreAllMocks();
  });

  afterEach(() => {
    // Whatever was logged or printed after the last answer of a family.
    const failures = unexpected(harness.log.entries.splice(0), previous?.tolerated ?? null);
    const stray = previous?.tolerated ? [] : printed.splice(0);
    previous = null;
    expect(failures).toEqual([]);
    expect(stray).toEqual([]);
  });

  /** What a log line may not be: an error (but the request line of a known bug's 5xx), a warning not for a client's mistake. */
  const unexpected = (entries: LogEntry[], tolerated: { status: number } | null) =>
    entries.filter(
      (entry) =>
        (entry.level === "error" &&
          !(tolerated && entry.message === "request" && entry.fields.status === tolerated.status)) ||
        (entry.level === "warn" && !acceptableWarning(entry)),
    );

  /** The last request sent, and whether its answer was a known bug's: whatever is logged late belongs to it. */
  let previous: { request: Outgoing; tolerated: { status: number } | null } | null = null;

  /** Sends one request and checks its answer and the log lines it left; throws what was wrong. */
  async function exchange(family: string, request: Outgoing): Promise<Answer | null> {
    const late = unexpected(harness.log.entries.splice(0), previous?.tolerated ?? null);
    const latePrinted = previous?.tolerated ? [] : printed.splice(0);
    if (previous && (late.length > 0 || latePrinted.length > 0)) {
      throw new Error(
        `after its answer to ${describeRequest(previous.request)}\nthe server logged ${JSON.stringify(late).slice(0, 2000)}` +
          ` and printed ${latePrinted.join("\n").slice(0, 2000)}`,
      );
    }
    printed.length = 0;
    previous = null;
    const origin = request.via === "production" ? productionOrigin : new URL(harness.origin);
    const answer = /[a-z]/.test(request.method) ? await sendRaw(origin, request) : await sendWithNode(origin, request);
    if (answer === "unsendable") {
      skipped += 1;
      return null;
    }
    sent += 1;
    families[family] = (families[family] ?? 0) + 1;
    let decoded: Buffer;
    try {
      decoded = decode(answer);
    } catch (error) {
      throw new Error(
        `${describeRequest(request)}\n→ ${answer.status} with a body that does not decode: ${String(error)}`,
      );
    }
    const checked: Answer = { ...answer, body: decoded, text: decoded.toString("utf8") };
    // What the server logged and printed until now is this request's; anything later, too.
    const logged = harness.log.entries.splice(0);
    const output = printed.splice(0);
    const known = knownBug(request, checked);
    const tolerated = known ? { status: answer.status } : null;
    previous = { request, tolerated };
    const problem = problemWith(request, checked);
    if (problem) {
      // What the server logged about it, the first thing to read when fixing it.
      const notes = logged.filter((entry) => entry.level !== "debug");
      const log = notes.length ? `\nlogged: ${JSON.stringify(notes).slice(0, 3000)}` : "";
      throw new Error(`${describeRequest(request)}\n→ ${answer.status}: ${problem}${log}`);
    }
    if (known) knownSeen.add(known);
    if (output.length > 0 && !tolerated) {
      throw new Error(
        `${describeRequest(request)}\n→ ${answer.status}, and the server printed: ${output.join("\n").slice(0, 3000)}`,
      );
    }
    const bad = unexpected(logged, tolerated);
    if (bad.length > 0) {
      throw new Error(
        `${describeRequest(request)}\n→ ${answer.status}, and the server logged: ${JSON.stringify(bad).slice(0, 3000)}`,
      );
    }
    return checked;
  }

  it(
    "public pages, prerendered and rendered, and addresses with no page",
    async () => {
      const pages = [
        ...publicPaths,
        "/v5",
        "/about/v4",
        "/about/v5",
        "/about/zzz",
        "/docs",
        "/docs/a/b",
        "/sitemap.xml",
        "/robots.txt",
        "/api/search.json",
      ];
      const path = fc.oneof(
        {
          weight: 3,
          arbitrary: fc
            .tuple(
              fc.constantFrom(...pages),
              fc.constantFrom("", "", "", "/", ".data", "/index.html", "//", "/.", "/..", "/%2e", "/x", ".DATA", "%20"),
            )
            .map(([page, suffix]) => (page === "/" && suffix.startsWith("/") ? suffix : `${page}${suffix}`)),
        },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            "/_root.data",
            "/_.data",
            "/index.html",
            "//evil.example/",
            "///",
            "/\\evil.example",
            "*",
            "http://127.0.0.1/about",
            "http://evil.example/",
            "/./about",
            "/about/../dashboard",
          ),
        },
        { weight: 4, arbitrary: randomPath() },
      );
      await fc.assert(
        fc.asyncProperty(
          shapeOf({
            path,
            query: queryOf(["_routes", "index", "q", "page", "returnTo", "_data", "v"]),
            headers: { origin: harness.origin },
            body: bodyOf(fieldsOf(["intent", "csrf", "email", "name", "message"])),
            via: fc.constantFrom("harness", "production"),
          }),
          async (shape) => {
            await exchange("pages", assemble(shape));
          },
        ),
        parameters,
      );
      // A property that sent nothing (every case unsendable, say) proves nothing.
      expect(families.pages ?? 0, "requests the pages family sent").toBeGreaterThan(0);
    },
    familyTimeoutMs,
  );

  it(
    "build files: hashed assets with ranges, validators and encodings",
    async () => {
      // A page with a public form is served with its ticket filled in (ADR 028): not the file's bytes.
      const addresses = [...files.keys()].filter(
        (address) => !files.get(address)?.identity.includes(formTicketPlaceholder),
      );
      const assets = addresses.filter((address) => address.startsWith("/assets/"));
      const etags = [...files.values()].flatMap((file) => [
        file.etag,
        `${file.etag.slice(0, -1)}-br"`,
        `W/${file.etag}`,
      ]);
      const range = fc.oneof(
        fc
          .tuple(
            fc.option(fc.nat({ max: 300_000 }), { nil: undefined }),
            fc.option(fc.nat({ max: 300_000 }), { nil: undefined }),
          )
          .map(([first, last]) => `bytes=${first ?? ""}-${last ?? ""}`),
        fc
          .array(fc.tuple(fc.nat({ max: 1000 }), fc.nat({ max: 1000 })), { minLength: 2, maxLength: 4 })
          .map((ranges) => `bytes=${ranges.map(([a, b]) => `${a}-${b}`).join(",")}`),
        fc.constantFrom(
          "bytes=abc",
          "items=0-5",
          "bytes=0-0,2-2",
          "bytes=-0",
          "bytes=0-",
          "bytes=-",
          "bytes=99999999999999999999999-",
          "bytes=1-0",
          "BYTES = 0 - 9",
          "bytes=0x10-0x20",
          "bytes=1e3-",
          "bytes=-1e999",
          "",
        ),
        junkText.map(headerValue),
      );
      const path = fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...assets) },
        { weight: 2, arbitrary: fc.constantFrom(...addresses) },
        {
          weight: 2,
          arbitrary: fc
            .tuple(
              fc.constantFrom(...assets),
              fc.constantFrom(".br", ".gz", "/", "%00", "%2e", ".map", "x", "/..", "?"),
              fc.boolean(),
            )
            .map(([asset, suffix, upper]) => (upper ? asset.toUpperCase() : `${asset}${suffix}`)),
        },
        {
          weight: 1,
          arbitrary: fc
            .tuple(
              fc.constantFrom(...assets),
              fc.constantFrom("/assets//", "/assets/./", "/assets/../assets/", "/%61ssets/", "//assets/"),
            )
            .map(([asset, prefix]) => `${prefix}${asset.slice("/assets/".length)}`),
        },
        { weight: 1, arbitrary: randomPath("/assets") },
      );
      const validators = fc.record(
        {
          range,
          "if-range": fc.oneof(fc.constantFrom(...etags), etagLike, httpDate),
          "if-none-match": fc.oneof(fc.constantFrom(...etags), etagLike),
          "if-modified-since": httpDate,
          // Ranges are served for the file as it is (identity) only: half the requests ask for that.
          "accept-encoding": fc.oneof(
            fc.constantFrom("identity", "", "deflate", "br;q=0, gzip;q=0", "gzip;q=0, identity;q=0"),
            fc.constantFrom("br", "gzip", "gzip, br", "*", "br;q=0.5, gzip;q=1"),
          ),
        },
        { requiredKeys: ["accept-encoding"] },
      );
      await fc.assert(
        fc.asyncProperty(
          shapeOf({
            method: fc.oneof(
              { weight: 8, arbitrary: fc.constantFrom("GET", "HEAD") },
              { weight: 1, arbitrary: fc.constantFrom("POST", "PUT", "DELETE", "OPTIONS", "PROPFIND", "TRACE", "get") },
            ),
            path,
            query: fc.oneof({ weight: 4, arbitrary: fc.constant("") }, { weight: 1, arbitrary: queryOf(["v", "x"]) }),
            headers: { origin: harness.origin },
            body: fc.constant<Body>({ type: null, bytes: Buffer.alloc(0) }),
            via: fc.constantFrom("harness", "production"),
          }),
          validators,
          async (shape, chosen) => {
            const fixed: Record<string, string> = {};
            for (const [name, value] of Object.entries(chosen)) if (typeof value === "string") fixed[name] = value;
            // Another Host would make no difference to a build file; a chunked GET says nothing here.
            const request = assemble({ ...shape, chunked: false }, fixed);
            const answer = await exchange("assets", request);
            if (answer) checkBuildFileAnswer(request, answer, files.get(request.target));
          },
        ),
        parameters,
      );
      // A property that sent nothing (every case unsendable, say) proves nothing.
      expect(families.assets ?? 0, "requests the assets family sent").toBeGreaterThan(0);
    },
    familyTimeoutMs,
  );

  /** The bytes of a build file's answer are the file's, whole or the range asked for. */
  function checkBuildFileAnswer(request: Outgoing, answer: Answer, file: BuildFile | undefined): void {
    if (!file || (request.method !== "GET" && request.method !== "HEAD")) return;
    const problem = (message: string) => new Error(`${describeRequest(request)}\n→ ${answer.status}: ${message}`);
    const length = file.identity.length;
    if (answer.status === 304 && answer.body.length > 0) throw problem("a 304 with a body");
    if (answer.status === 200 && request.method === "GET" && !answer.body.equals(file.identity)) {
      throw problem(`the body (${answer.body.length} bytes, decoded) is not the file (${length} bytes)`);
    }
    if (answer.status === 206) {
      const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(answer.headers["content-range"]));
      if (!match) throw problem(`a 206 with Content-Range ${String(answer.headers["content-range"])}`);
      const [start, end, size] = [Number(match[1]), Number(match[2]), Number(match[3])];
      if (size !== length || start > end || end >= length)
        throw problem(`a 206 for bytes ${start}-${end}/${size} of ${length}`);
      if (request.method === "GET" && !answer.body.equals(file.identity.subarray(start, end + 1))) {
        throw problem(`a 206 whose body is not bytes ${start}-${end} of the file`);
      }
    }
    if (answer.status === 416 && answer.headers["content-range"] !== `bytes */${length}`) {
      throw problem(`a 416 with Content-Range ${String(answer.headers["content-range"])}`);
    }
  }

  it(
    "/auth: sign-in, its callback, the session check and sign-out",
    async () => {
      // A person of their own: a fuzzed sign-out may end their session, and then they are someone whose session ended.
      const member = await signInAs(harness, "viewer", "auth-fuzz");
      const memberCookie = member.browser.cookieHeader("/auth/session");
      const returnTo = fc.oneof(
        fc.constantFrom(
          "/",
          "/dashboard",
          "/dashboard/admin/users?x=1#y",
          "//evil.example",
          "https://evil.example/",
          "/\\evil.example",
          "\\\\evil.example",
          "javascript:alert(1)",
          "/%2F%2Fevil.example",
          "",
          "%",
          "/auth/login?returnTo=/auth/login",
          "/idp/session/end",
        ),
        junkText,
        fc.webUrl(),
      );
      const path = fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom("/auth/login", "/auth/session", "/auth/logout", "/auth/logged-in") },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            "/auth",
            "/auth/",
            "/auth/login/",
            "/AUTH/LOGIN",
            "/auth/logged-in/x",
            "/auth/%6cogin",
            "/auth/session.data",
          ),
        },
        { weight: 1, arbitrary: randomPath("/auth") },
      );
      const query = fc.oneof(
        fc.tuple(returnTo, fc.boolean()).map(([value, raw]) => `?returnTo=${raw ? loose(value) : escaped(value)}`),
        queryOf(["code", "state", "iss", "error", "error_description", "session_state", "returnTo"]),
      );
      const cookie = cookieHeader([
        fc.constant(memberCookie),
        fc.constant(`densara_session=${admin.browser.cookie("densara_session") ?? ""}x`),
      ]);
      await fc.assert(
        fc.asyncProperty(
          shapeOf({
            method: fc.oneof(
              { weight: 3, arbitrary: fc.constantFrom("GET", "POST", "HEAD") },
              { weight: 1, arbitrary: method },
            ),
            path,
            query,
            headers: { origin: harness.origin, cookie },
            body: bodyOf(
              fieldsOf(["csrf", "returnTo", "code", "state"], [fc.constant<Field>(["csrf", member.csrfToken])]),
            ),
          }),
          fc.constantFrom("generated", "generated", "generated", "a real sign-in in progress"),
          fc.record({
            code: queryValue,
            iss: fc.constantFrom(`${harness.origin}/idp`, "https://evil.example", ""),
            error: fc.option(queryValue, { nil: undefined }),
          }),
          async (shape, kind, callback) => {
            if (kind === "generated") {
              await exchange("auth", assemble(shape));
              return;
            }
            // The provider's return with the state of a real sign-in and its browser's cookie, and a generated code.
            const browser = harness.newBrowser();
            const { authorizationUrl } = await harness.beginSignIn(browser);
            const state = authorizationUrl.searchParams.get("state") ?? "";
            const error = callback.error === undefined ? "" : `&error=${callback.error}`;
            await exchange("auth", {
              method: "GET",
              target: target(
                `/auth/logged-in?state=${state}&code=${callback.code}&iss=${escaped(callback.iss)}${error}`,
                "",
              ),
              headers: { cookie: browser.cookieHeader("/auth/logged-in"), "x-forwarded-for": browser.clientAddress },
              body: Buffer.alloc(0),
              chunked: false,
              via: "harness",
            });
          },
        ),
        parameters,
      );
      // A property that sent nothing (every case unsendable, say) proves nothing.
      expect(families.auth ?? 0, "requests the auth family sent").toBeGreaterThan(0);
    },
    familyTimeoutMs,
  );

  it(
    "/idp: the embedded provider and its hosted pages",
    async () => {
      // A sign-in waiting at the provider's hosted page: its uid and the browser's interaction cookies.
      const browser = harness.newBrowser();
      const { authorizationUrl } = await harness.beginSignIn(browser);
      const opened = await harness.openInteraction(browser, authorizationUrl);
      if (!("uid" in opened)) throw new Error("the provider skipped its sign-in page");
      const uid = opened.uid;
      const interactionCookie = browser.cookieHeader(`/idp/interaction/${uid}`);
      const realParameters = [...authorizationUrl.searchParams.entries()];

      const uidLike = fc.oneof(fc.constant(uid), segment, fc.stringMatching(/^[A-Za-z0-9_-]{21}$/));
      const path = fc.oneof(
        {
          weight: 3,
          arbitrary: fc.constantFrom(
            "/idp/.well-known/openid-configuration",
            "/idp/jwks",
            "/idp/auth",
            "/idp/token",
            "/idp/me",
            "/idp/session/end",
            "/idp/session/end/confirm",
            "/idp/session/end/success",
            "/idp/token/introspection",
            "/idp/token/revocation",
            "/idp/reg",
            "/idp/request",
            "/idp/device/auth",
            "/idp/password/forgot",
            "/idp",
            "/idp/",
          ),
        },
        { weight: 3, arbitrary: uidLike.map((id) => `/idp/interaction/${id}`) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(
              uidLike,
              fc.constantFrom("/signup", "/abort", "/confirm", "/login", "/", "/x/y", ".data", "/signup.data"),
            )
            .map(([id, rest]) => `/idp/interaction/${id}${rest}`),
        },
        {
          weight: 2,
          arbitrary: fc
            .oneof(fc.stringMatching(/^[A-Za-z0-9_-]{10,60}$/), segment)
            .map((token) => `/idp/password/reset/${token}`),
        },
        { weight: 1, arbitrary: randomPath("/idp") },
      );
      const authQuery = fc
        .tuple(
          fc.subarray(realParameters),
          fc.array(
            fc.tuple(
              fc.constantFrom(
                "client_id",
                "redirect_uri",
                "response_type",
                "scope",
                "state",
                "nonce",
                "prompt",
                "code_challenge",
                "code_challenge_method",
                "response_mode",
                "max_age",
                "claims",
                "request",
                "request_uri",
                "login_hint",
                "ui_locales",
                "id_token_hint",
                "post_logout_redirect_uri",
                "resource",
              ),
              queryValue,
            ),
            { maxLength: 4 },
          ),
        )
        .map(
          ([real, junk]) =>
            `?${[...real.map(([k, v]) => `${k}=${escaped(v)}`), ...junk.map(([k, v]) => `${k}=${v}`)].join("&")}`,
        );
      const query = fc.oneof(
        authQuery,
        queryOf([
          "client_id",
          "redirect_uri",
          "state",
          "id_token_hint",
          "post_logout_redirect_uri",
          "returnTo",
          "ui_locales",
        ]),
      );
      const cookie = cookieHeader([fc.constant(interactionCookie), fc.constant(`_interaction=${uid}; _session=x`)]);
      const body = bodyOf(
        fieldsOf(
          [
            "email",
            "password",
            "name",
            "confirm",
            "grant_type",
            "code",
            "client_id",
            "client_secret",
            "redirect_uri",
            "code_verifier",
            "refresh_token",
            "token",
            "token_type_hint",
            "xsrf",
            "logout",
            "csrf",
          ],
          [
            fc.constantFrom<Field>(
              ["grant_type", "authorization_code"],
              ["grant_type", "refresh_token"],
              ["grant_type", "client_credentials"],
              ["client_id", "densara-web"],
              ["email", "nobody@example.test"],
            ),
          ],
        ),
      );
      await fc.assert(
        fc.asyncProperty(shapeOf({ path, query, headers: { origin: harness.origin, cookie }, body }), async (shape) => {
          await exchange("idp", assemble(shape));
        }),
        parameters,
      );
      // A property that sent nothing (every case unsendable, say) proves nothing.
      expect(families.idp ?? 0, "requests the idp family sent").toBeGreaterThan(0);
    },
    familyTimeoutMs,
  );

  it(
    "/dashboard: signed-in pages and their form actions, with and without the CSRF token",
    async () => {
      const sessionToken = admin.browser.cookie("densara_session") ?? "";
      // Someone whose session has ended (signed out): their cookie is still sent.
      const ended = await signInAs(harness, "editor", "ended");
      const endedToken = ended.browser.cookie("densara_session") ?? "";
      await ended.browser.post("/auth/logout", { csrf: ended.csrfToken });
      harness.log.entries.length = 0;

      const pages = [
        "/dashboard",
        "/dashboard/admin/users",
        "/dashboard/admin/organizations",
        "/dashboard/admin/activity",
        "/dashboard/admin/config",
        "/dashboard/settings",
        "/dashboard/admin/activity/export",
      ];
      const path = fc.oneof(
        {
          weight: 6,
          arbitrary: fc
            .tuple(fc.constantFrom(...pages), fc.constantFrom("", "", "", ".data", "/", "/x", "/index"))
            .map(([page, suffix]) => `${page}${suffix}`),
        },
        { weight: 1, arbitrary: segment.map((name) => `/dashboard/pictures/${name}`) },
        { weight: 1, arbitrary: randomPath("/dashboard") },
      );
      const query = queryOf([
        "q",
        "search",
        "page",
        "first",
        "last",
        "after",
        "before",
        "status",
        "role",
        "kind",
        "org",
        "organization",
        "user",
        "action",
        "actor",
        "from",
        "to",
        "since",
        "sort",
        "direction",
        "invite",
        "edit",
        "id",
        "tab",
        "filter",
        "certificationStatus",
        "index",
        "_routes",
      ]);
      const session = fc.constantFrom("admin", "admin", "admin", "none", "ended", "junk");
      const csrf = fc.constantFrom("header", "field", "none", "junk");
      const intents = [
        "invite",
        "changeRole",
        "disable",
        "enable",
        "resend",
        "cancel",
        "revokeSession",
        "profile",
        "picture",
        "removePicture",
        "colorMode",
        "notifications",
        "createToken",
        "revokeToken",
        "signOutOthers",
        "listing",
        "create",
        "update",
        "delete",
        "addMember",
        "removeMember",
        "certify",
        "announcement",
        "maintenance",
        "contacts",
        "analytics",
        "",
        "toString",
      ];
      const body = bodyOf(
        fieldsOf(
          [
            "intent",
            "id",
            "version",
            "email",
            "name",
            "role",
            "organizationId",
            "userId",
            "sessionId",
            "colorMode",
            "expiresInDays",
            "notifyAccountChanges",
            "notifyNewSignIn",
            "enabled",
            "message",
            "text",
            "recipients",
            "listed",
            "city",
            "country",
            "kind",
            "status",
          ],
          [fc.constantFrom(...intents).map((intent): Field => ["intent", intent])],
        ),
      );
      await fc.assert(
        fc.asyncProperty(
          shapeOf({
            method: fc.oneof(
              { weight: 4, arbitrary: fc.constantFrom("GET", "POST") },
              { weight: 1, arbitrary: method },
            ),
            path,
            query,
            headers: { origin: harness.origin },
            body,
          }),
          session,
          csrf,
          async (shape, who, token) => {
            const fixed: Record<string, string> = {};
            const cookie =
              who === "admin"
                ? `densara_session=${sessionToken}`
                : who === "ended"
                  ? `densara_session=${endedToken}`
                  : who === "junk"
                    ? `densara_session=${sessionToken.slice(0, -2)}zz`
                    : undefined;
            if (cookie) fixed.cookie = cookie;
            if (token === "header") fixed["x-csrf-token"] = admin.csrfToken;
            if (token === "junk") fixed["x-csrf-token"] = `${admin.csrfToken.slice(0, -1)}A`;
            let request = assemble(shape, fixed);
            if (token === "field" && request.headers["content-type"] === "application/x-www-form-urlencoded") {
              const bytes = Buffer.concat([Buffer.from(`csrf=${encodeURIComponent(admin.csrfToken)}&`), request.body]);
              request = { ...request, body: bytes };
            }
            // Forged origins are covered elsewhere; here a signed-in write should reach the action.
            if (who === "admin" && token !== "none") {
              const {
                origin: _origin,
                "sec-fetch-site": _site,
                host: _host,
                "x-forwarded-proto": _proto,
                ...kept
              } = request.headers;
              request = { ...request, headers: kept };
            }
            await exchange("dashboard", request);
          },
        ),
        parameters,
      );
      // A property that sent nothing (every case unsendable, say) proves nothing.
      expect(families.dashboard ?? 0, "requests the dashboard family sent").toBeGreaterThan(0);
      // The fuzz wrote as an administrator, but never as one who signed themself out.
      expect((await admin.browser.fetch("/auth/session")).status).toBe(200);
    },
    familyTimeoutMs,
  );

  it(
    "/graphql: GET and POST, garbage and well-formed",
    async () => {
      const sessionToken = admin.browser.cookie("densara_session") ?? "";
      const documents = fc.oneof(
        fc.constantFrom(
          "{ viewer { role via sessionId user { id name email role } } }",
          "query Users { users(first: 5) { nodes { id email sessions { id } } } }",
          "{ organizations(first: 3) { nodes { id } } }",
          "{ activity(first: 2) { nodes { __typename } pageInfo { hasNextPage } } }",
          "{ organizationCounts { total certified listed } userCounts { __typename } }",
          "{ activityActions siteNotices { __typename } siteSettings { __typename } }",
          "{ accessTokens { id } }",
          '{ user(id: "1") { id } }',
          '{ organization(id: "00000000-0000-0000-0000-000000000000") { id } }',
          "{ __schema { types { name } } }",
          "{ __typename }",
          "query ($first: Int) { users(first: $first) { nodes { id } } }",
          "query ($id: ID!) { user(id: $id) { id } }",
          "mutation ($id: ID!) { revokeAccessToken(id: $id) { id } }",
          'mutation { inviteUser(input: { email: "fuzz@example.test" }) { id } }',
          'mutation { createAccessToken(input: { name: "fuzz", role: viewer, expiresInDays: 7 }) { token } }',
          "subscription { x }",
          "query A { ...F } fragment F on Query { ...F }",
          "query A { a } query A { b }",
          "",
          "{",
          "}",
          "query",
          "#",
          "\u0000",
          "{ viewer { user { organization { members { organization { members { id } } } } } } }",
        ),
        fc
          .integer({ min: 1, max: 400 })
          .map((count) => `{ ${Array.from({ length: count }, (_, i) => `a${i}: __typename`).join(" ")} }`),
        fc.integer({ min: 1, max: 60 }).map((depth) => `{ ${"a { ".repeat(depth)}b${" }".repeat(depth)} }`),
        junkText,
      );
      const variables = fc.oneof(
        fc.constant(undefined),
        fc.jsonValue({ maxDepth: 2 }),
        fc.record({ id: fc.oneof(fc.uuid(), junkText), first: fc.oneof(fc.integer(), fc.constant(1e308)) }),
      );
      const operation = fc.record({
        query: documents,
        variables,
        operationName: fc.option(fc.constantFrom("Users", "A", "", "x"), { nil: undefined }),
        extensions: fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }),
      });
      const json = fc.oneof(
        operation.map((op) => JSON.stringify(op)),
        fc.array(operation, { maxLength: 3 }).map((ops) => JSON.stringify(ops)),
        fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
        fc.constantFrom("{", "", "null", '{"query":null}', '{"query":1}', '{"query":"{__typename}","variables":"x"}'),
      );
      const upload = fc.record({
        boundary: fc.stringMatching(/^[A-Za-z0-9-]{1,40}$/),
        file: fileData,
        map: fc.constantFrom('{"0":["variables.picture"]}', '{"0":["variables.x.y"]}', "{}", "[", '{"0":"x"}'),
      });
      const body = fc.oneof(
        { weight: 4, arbitrary: json.map((text): Body => ({ type: "application/json", bytes: Buffer.from(text) })) },
        {
          weight: 1,
          arbitrary: upload.map(({ boundary, file, map }): Body => ({
            type: `multipart/form-data; boundary=${boundary}`,
            bytes: multipartBody(
              boundary,
              [
                {
                  name: "operations",
                  data: Buffer.from(
                    JSON.stringify({
                      query:
                        'mutation ($picture: Upload) { updatePicture(input: { id: "x", version: 1, picture: $picture }) { id } }',
                      variables: { picture: null },
                    }),
                  ),
                },
                { name: "map", data: Buffer.from(map) },
                { name: "0", filename: "a.png", type: "image/png", data: file },
              ],
              true,
            ),
          })),
        },
        { weight: 2, arbitrary: bodyOf(fieldsOf(["query", "variables", "operationName", "operations", "map"])) },
        {
          weight: 1,
          arbitrary: documents.map((text): Body => ({ type: "application/graphql", bytes: Buffer.from(text) })),
        },
      );
      const getQuery = fc.tuple(documents, variables, fc.boolean()).map(([document, vars, raw]) => {
        const encode = raw ? loose : escaped;
        return `?query=${encode(document)}${vars === undefined ? "" : `&variables=${encode(JSON.stringify(vars))}`}`;
      });
      await fc.assert(
        fc.asyncProperty(
          shapeOf({
            method: fc.oneof(
              { weight: 4, arbitrary: fc.constantFrom("GET", "POST") },
              { weight: 1, arbitrary: method },
            ),
            path: fc.oneof(
              { weight: 8, arbitrary: fc.constant("/graphql") },
              {
                weight: 1,
                arbitrary: fc.constantFrom("/graphql/", "/GRAPHQL", "/graphql/x", "/graphql.data", "/graphiql"),
              },
            ),
            query: fc.oneof(getQuery, queryOf(["query", "variables", "operationName", "extensions"])),
            headers: { origin: harness.origin },
            body,
          }),
          fc.constantFrom("admin with the token", "admin without it", "anonymous", "generated"),
          fc.constantFrom(
            "application/json",
            "application/graphql-response+json",
            "text/html",
            "text/event-stream",
            "multipart/mixed",
            "*/*",
          ),
          async (shape, who, accept) => {
            const fixed: Record<string, string> = { accept };
            if (who.startsWith("admin")) fixed.cookie = `densara_session=${sessionToken}`;
            if (who === "admin with the token") fixed["x-csrf-token"] = admin.csrfToken;
            const request = assemble(shape, who === "generated" ? {} : fixed);
            if (who !== "generated") {
              delete request.headers.authorization;
              delete request.headers.host;
            }
            await exchange("graphql", request);
          },
        ),
        parameters,
      );
      // A property that sent nothing (every case unsendable, say) proves nothing.
      expect(families.graphql ?? 0, "requests the graphql family sent").toBeGreaterThan(0);
    },
    familyTimeoutMs,
  );
});
