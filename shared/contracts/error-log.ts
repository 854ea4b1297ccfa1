import { createContext } from "react-router";

/** Where the server entry reports a failure: the server's JSON log (it fills this per request). */
export type ErrorLog = (message: string, fields: Record<string, unknown>) => void;

export const errorLogContext = createContext<ErrorLog>((message, fields) => {
  console.error(JSON.stringify({ time: new Date().toISOString(), level: "error", message, ...fields }));
});

/** An error as one log field: its stack (or message), never an object the log cannot print. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? error.message;
  return String(error);
}

/** A path as it may be logged: a password-reset link is a secret until used, so its token never is. */
export function loggedPath(path: string): string {
  return path.replace(/^(\/idp\/password\/reset\/)[^/]+/, "$1[link]");
}
