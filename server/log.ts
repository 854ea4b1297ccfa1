type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export type Logger = Record<Level, (message: string, fields?: Record<string, unknown>) => void>;

/** One JSON line per event on stdout/stderr, for any log collector. */
export function createLogger(minimum: Level): Logger {
  const write = (level: Level) => (message: string, fields?: Record<string, unknown>) => {
    if (order[level] < order[minimum]) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
    if (order[level] >= order.warn) process.stderr.write(`${line}\n`);
    else process.stdout.write(`${line}\n`);
  };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}
