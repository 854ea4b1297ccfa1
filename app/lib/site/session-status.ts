/** The answer of GET /auth/session, as the header of a prerendered page reads it. */
export type SessionStatus =
  { signedIn: true; csrfToken: string; notice?: string } | { signedIn: false; notice?: string };

/** Reads the JSON defensively: anything unexpected counts as signed out. */
export function parseSessionStatus(value: unknown): SessionStatus {
  if (typeof value !== "object" || value === null) return { signedIn: false };
  const record = value as Record<string, unknown>;
  const notice = typeof record.notice === "string" && record.notice.length <= 300 ? record.notice : undefined;
  const base = notice ? { notice } : {};
  if (record.signedIn === true && typeof record.csrfToken === "string" && record.csrfToken.length > 0) {
    return { signedIn: true, csrfToken: record.csrfToken, ...base };
  }
  return { signedIn: false, ...base };
}
