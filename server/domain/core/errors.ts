/**
 * The domain's errors: every refusal the product makes is one of these, with a message
 * a person can act on. `errorTable` below is the one place that says what each becomes
 * over HTTP; GraphQL carries the same code in `extensions.code`.
 */

/** Each error code, its HTTP status, and what it means. Everything else is a fault of ours (500). */
const errorTable = {
  VALIDATION_FAILED: { status: 400, meaning: "The input is not acceptable; `fields` says where." },
  UNAUTHENTICATED: { status: 401, meaning: "No one is signed in, or their credentials have ended." },
  FORBIDDEN: { status: 403, meaning: "The viewer's role does not allow this." },
  NOT_FOUND: { status: 404, meaning: "The row does not exist, or is not one the viewer may reach." },
  CONFLICT: {
    status: 409,
    meaning: "Someone changed the row first, or the change would break a rule about other rows.",
  },
  RATE_LIMITED: { status: 429, meaning: "Too many of these in a short time; `retryAfterS` says when to try again." },
  UNAVAILABLE: {
    status: 503,
    meaning:
      "The database or the file store did not answer, or the store's disk is full; nothing was kept. Try again later.",
  },
  INTERNAL_SERVER_ERROR: { status: 500, meaning: "Something failed on the server; nothing was changed." },
} as const;

export type ErrorCode = keyof typeof errorTable;
export type DomainErrorCode = Exclude<ErrorCode, "INTERNAL_SERVER_ERROR">;

export abstract class DomainError extends Error {
  abstract readonly code: DomainErrorCode;
}

/** Field messages keyed by input path ("email", "contacts.0.phone"); "" is about the whole input. */
export type FieldMessages = Record<string, string>;

export class ValidationError extends DomainError {
  override name = "ValidationError";
  readonly code = "VALIDATION_FAILED";
  readonly fields: FieldMessages;

  constructor(fields: FieldMessages, message?: string) {
    const count = Object.keys(fields).length;
    super(
      message ??
        fields[""] ??
        (count === 1 ? "One field needs your attention." : `${count} fields need your attention.`),
    );
    this.fields = fields;
  }
}

export class NotFoundError extends DomainError {
  override name = "NotFoundError";
  readonly code = "NOT_FOUND";
}

/** No one is signed in (or their credentials have ended) and the operation needs someone. */
export class UnauthenticatedError extends DomainError {
  override name = "UnauthenticatedError";
  readonly code = "UNAUTHENTICATED";
  constructor(message = "Sign in to do this.") {
    super(message);
  }
}

export class ForbiddenError extends DomainError {
  override name = "ForbiddenError";
  readonly code = "FORBIDDEN";
}

/** The row changed since it was read (a stale version), or the change would break a rule about other rows. */
export class ConflictError extends DomainError {
  override name = "ConflictError";
  readonly code = "CONFLICT";
}

export class RateLimitedError extends DomainError {
  override name = "RateLimitedError";
  readonly code = "RATE_LIMITED";
  readonly retryAfterS: number;
  constructor(message: string, retryAfterS: number) {
    super(message);
    this.retryAfterS = retryAfterS;
  }
}

/** The file store could not take or give a file (ADR 021): nothing was kept, and trying later may work. */
export class UnavailableError extends DomainError {
  override name = "UnavailableError";
  readonly code = "UNAVAILABLE";
}

function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === "string" && Object.hasOwn(errorTable, code);
}

/** The code of any thrown value: a domain error's own, or INTERNAL_SERVER_ERROR. */
export function errorCodeOf(error: unknown): ErrorCode {
  return error instanceof DomainError ? error.code : "INTERNAL_SERVER_ERROR";
}

/** The HTTP status of an error code (an unknown code is a fault of ours). */
export function httpStatusOf(code: string): number {
  return isErrorCode(code) ? errorTable[code].status : 500;
}
