import type { Context } from "hono";
import type { RequestInfo } from "../domain/core/context.ts";
import type { AppEnv } from "./env.ts";
import { clientAddress } from "./security/client-address.ts";

/** Where a request came from, as the audit trail records it. */
export function requestInfo(c: Context<AppEnv>, proxyHops: number): RequestInfo {
  return {
    address: clientAddress(c.req.header("x-forwarded-for"), c.env.incoming?.socket.remoteAddress, proxyHops),
    userAgent: c.req.header("user-agent") ?? null,
  };
}
