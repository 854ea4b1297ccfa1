import { isIPv4, isIPv6 } from "node:net";

/**
 * The address a request came from: the proxies' word for it only as far as they are
 * trusted (TRUST_PROXY: how many stand in front). Each trusted proxy appends the address
 * it saw to X-Forwarded-For, so the client is that many entries from the right; entries
 * further left are the client's own claims. A shorter list (a request that skipped a
 * proxy) gives its leftmost entry.
 */
export function clientAddress(
  forwardedFor: string | null | undefined,
  socketAddress: string | undefined,
  proxyHops: number,
): string {
  if (proxyHops > 0 && forwardedFor) {
    const entries = forwardedFor
      .split(",")
      .map((entry) => entry.trim())
      .filter((entry) => entry.length > 0);
    const client = entries[Math.max(0, entries.length - proxyHops)];
    if (client) return client;
  }
  return socketAddress || "unknown";
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
