type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

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

/**
 * One JSON line per event on stdout/stderr, for any log collector. Every event's `error`
 * field is redacted (redactError), whoever logs it, so no call site can forget to.
 */
export function createLogger(minimum: Level): Logger {
  const write = (level: Level) => (message: string, fields?: Record<string, unknown>) => {
    if (order[level] < order[minimum]) return;
    const error = fields?.error;
    const safe = typeof error === "string" ? { ...fields, error: redactError(error) } : fields;
    const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...safe });
    if (order[level] >= order.warn) process.stderr.write(`${line}\n`);
    else process.stdout.write(`${line}\n`);
  };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}
