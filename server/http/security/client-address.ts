import { isIPv4, isIPv6 } from "node:net";

/**
 * The address a request came from: the proxy's word for it only when the proxy is
 * trusted (TRUST_PROXY). The trusted proxy appends the address it saw to
 * X-Forwarded-For; earlier entries are the client's own claims.
 */
export function clientAddress(
  forwardedFor: string | null | undefined,
  socketAddress: string | undefined,
  trustProxy: boolean,
): string {
  const last = trustProxy ? forwardedFor?.split(",").at(-1)?.trim() : undefined;
  return last || socketAddress || "unknown";
}

function expandIPv6(address: string): string[] {
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill("0"), ...right];
}

/**
 * The key rate limits count by. One IPv6 user usually holds a whole /64, so the limit
 * applies to the /64; an IPv4 address (also when written IPv4-mapped) counts alone.
 */
export function rateLimitBucket(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(address)) return address;
  const bare = address.replace(/%.*$/, "");
  if (!isIPv6(bare)) return address.slice(0, 64);
  const groups = expandIPv6(bare)
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16));
  return `${groups.join(":")}::/64`;
}
