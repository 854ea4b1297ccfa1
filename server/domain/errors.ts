/**
 * The domain's errors: every refusal the product makes is one of these, with a message
 * a person can act on. `server/http/errors.ts` maps them to HTTP statuses and
 * `server/graphql/errors.ts` to GraphQL error codes, each in one place.
 */
export type DomainErrorCode =
  "VALIDATION_FAILED" | "NOT_FOUND" | "UNAUTHENTICATED" | "FORBIDDEN" | "CONFLICT" | "RATE_LIMITED";

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
