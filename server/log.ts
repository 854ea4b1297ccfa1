import { AsyncLocalStorage } from "node:async_hooks";
import { pino, type DestinationStream } from "pino";

type Level = "debug" | "info" | "warn" | "error";

export type Logger = Record<Level, (message: string, fields?: Record<string, unknown>) => void>;

const emailAddress = /[\p{L}\p{N}._%+'-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;

/**
 * An error's text as the log may keep it. A failed database query's text lists the
 * values it was given (`params: …`: what a person typed, their email address), and a
 * driver or mail server may name an address in its own words: those are left out; the
 * query itself, the cause and the stack stay, which is what an operator needs.
 */
export function redactError(text: string): string {
  return text.replace(/^(\s*params: ).*$/gm, "$1[redacted]").replace(emailAddress, "[email address]");
}

/** Field names whose text is a secret wherever it appears: passwords, tokens, cookies, keys, session ids. */
const secretName =
  /pass(word|phrase)?|secret|token|cookie|authori[sz]ation|api[-_]?key|credential|ticket|verifier|^code$|^sid$|jwt|csrf|private[-_]?key|^session(id|_id)?$/i;

/**
 * Secrets inside a text: a password-reset or invitation link's token, a query's token,
 * code, state or signature, and the password in a URL (`postgres://user:pass@host`).
 */
const secretsInText: [RegExp, string][] = [
  [/(\/password\/reset\/)[^\s"'<>?#]+/g, "$1[redacted]"],
  [
    /([?&](?:token|code|state|ticket|sig|signature|key|secret|password|access_token|id_token|refresh_token)=)[^&\s"'<>#]+/gi,
    "$1[redacted]",
  ],
  [/(\b[a-z][a-z0-9+.-]*:\/\/)[^\s:@/]+:[^\s@/]+@/gi, "$1[redacted]@"],
];

/** A text as the log may keep it: `redactError`, and no secret a link or a URL carries. */
function redactText(text: string): string {
  return secretsInText.reduce(
    (result, [pattern, replacement]) => result.replace(pattern, replacement),
    redactError(text),
  );
}

/** Keys every line has of its own: a field of the same name is kept beside them, not over them. */
const ownKeys = new Set(["time", "level", "message", "requestId"]);

const redacted = "[redacted]";

/**
 * A log event's fields as the log may keep them: the text of a secret-named field is
 * replaced whole; every other text loses its email addresses and a failed query's values
 * (`redactError`). Numbers and flags stay (a count of tokens is no token).
 */
function scrub(value: unknown, name = "", depth = 0): unknown {
  if (typeof value === "string") return secretName.test(name) ? redacted : redactText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth > 6) return "[nested too deep]";
  if (value instanceof Error) return scrub(value.stack ?? value.message, name, depth + 1);
  if (Array.isArray(value)) return value.map((item) => scrub(item, name, depth + 1));
  if (secretName.test(name)) return redacted;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[depth === 0 && ownKeys.has(key) ? `${key}Field` : key] = scrub(item, key, depth + 1);
  }
  return out;
}

/**
 * The request a piece of work belongs to. The first middleware runs the rest of the
 * request inside it (`withRequestId`), so every line logged on its behalf, by any module,
 * carries its id (ADR 031).
 */
const requests = new AsyncLocalStorage<{ id: string }>();

export function withRequestId<T>(id: string, run: () => T): T {
  return requests.run({ id }, run);
}

export function currentRequestId(): string | undefined {
  return requests.getStore()?.id;
}

/**
 * One JSON line per event (pino), for any log collector: `time`, `level`, `message`, the
 * request's `requestId` when there is one, and the event's fields, scrubbed. Warnings and
 * errors go to stderr, the rest to stdout, unless `streams` are given (tests).
 */
export function createLogger(
  minimum: Level,
  streams: { out: DestinationStream; err: DestinationStream } = { out: process.stdout, err: process.stderr },
): Logger {
  const logger = pino(
    {
      level: minimum,
      base: undefined,
      messageKey: "message",
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const id = requests.getStore()?.id;
        return id ? { requestId: id } : {};
      },
    },
    pino.multistream(
      // From `warn` up, everything is a warning or an error: stderr only.
      minimum === "debug" || minimum === "info"
        ? [
            { level: minimum, stream: streams.out },
            { level: "warn", stream: streams.err },
          ]
        : [{ level: minimum, stream: streams.err }],
      { dedupe: true },
    ),
  );
  const write =
    (level: Level) =>
    (message: string, fields?: Record<string, unknown>): void => {
      if (!logger.isLevelEnabled(level)) return;
      if (fields) logger[level](scrub(fields) as Record<string, unknown>, redactText(message));
      else logger[level](redactText(message));
    };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}

/**
 * Printed beside the log, never through it (ADR 031), for the two things an operator must
 * be able to read whole: the first administrator's generated password (once, on the start
 * that made the account), and, without SMTP, each mail with its link (a development
 * mailbox: production sets `SMTP_URL`). Nothing else may use it.
 */
export function announce(message: string, fields: Record<string, string>): void {
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level: "warn", message, ...fields })}\n`);
}
