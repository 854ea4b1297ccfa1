import { RenderRefusal, renderPool } from "../../markdown/pool.ts";
import { RateLimitedError, ValidationError } from "./errors.ts";

export { renderPool };

/**
 * A render of text a person wrote (a doc's body, a release's notes), with the pool's
 * refusals (too slow, too deep, too large to lay out) as a message on that field, and
 * a pool too busy to take it as "try again in a moment": never a fault of the server.
 */
export async function renderedFor<T>(field: string, render: () => Promise<T>): Promise<T> {
  try {
    return await render();
  } catch (error) {
    if (!(error instanceof RenderRefusal)) throw error;
    if (error.reason === "busy") throw new RateLimitedError(error.message, 5);
    throw new ValidationError({ [field]: error.message });
  }
}
