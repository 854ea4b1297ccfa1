export type { ReadDatabase } from "../../db/client.ts";

/** Whether a failure is PostgreSQL refusing a value for breaking a constraint, and which. */
export function constraintViolation(error: unknown): { code: string; constraint: string } | null {
  // Drizzle wraps the driver's error (its `cause`); both drivers name the code and the constraint.
  let cause: unknown = error;
  for (let depth = 0; depth < 4 && isRecord(cause); depth += 1, cause = cause.cause) {
    const { code, constraint } = cause;
    if ((code === "23505" || code === "23503") && typeof constraint === "string") return { code, constraint };
  }
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}
