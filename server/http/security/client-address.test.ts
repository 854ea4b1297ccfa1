import { describe, expect, it } from "vitest";
import { clientAddress, rateLimitBucket } from "./client-address.ts";

describe("clientAddress", () => {
  it("uses the socket unless a proxy is trusted", () => {
    expect(clientAddress("203.0.113.9", "10.0.0.2", 0)).toBe("10.0.0.2");
    expect(clientAddress("203.0.113.9", "10.0.0.2", 1)).toBe("203.0.113.9");
  });

  it("takes the entry the trusted proxy appended, not the client's own claims", () => {
    expect(clientAddress("1.1.1.1, 2.2.2.2, 203.0.113.9", "10.0.0.2", 1)).toBe("203.0.113.9");
  });

  it("counts as many entries from the right as proxies are trusted (a CDN, then a load balancer)", () => {
    // The client claims 1.1.1.1; the CDN saw 198.51.100.7; the load balancer saw the CDN's 203.0.113.9.
    expect(clientAddress("1.1.1.1, 198.51.100.7, 203.0.113.9", "10.0.0.2", 2)).toBe("198.51.100.7");
    expect(clientAddress("1.1.1.1,198.51.100.7 ,203.0.113.9", "10.0.0.2", 3)).toBe("1.1.1.1");
    // A shorter list than the proxies trusted gives its leftmost entry.
    expect(clientAddress("203.0.113.9", "10.0.0.2", 2)).toBe("203.0.113.9");
  });

  it("falls back to the socket, then to a fixed word", () => {
    expect(clientAddress(null, "10.0.0.2", 1)).toBe("10.0.0.2");
    expect(clientAddress(" , ", "10.0.0.2", 1)).toBe("10.0.0.2");
    expect(clientAddress(undefined, undefined, 0)).toBe("unknown");
  });
});

describe("rateLimitBucket", () => {
  it("counts an IPv4 address alone, also when written IPv4-mapped", () => {
    expect(rateLimitBucket("203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitBucket("::ffff:203.0.113.9")).toBe("203.0.113.9");
  });

  it("counts IPv6 addresses by their /64", () => {
    const a = rateLimitBucket("2001:db8:abcd:12:1::1");
    expect(a).toBe("2001:db8:abcd:12::/64");
    expect(rateLimitBucket("2001:0db8:abcd:0012:ffff:ffff:ffff:ffff")).toBe(a);
    expect(rateLimitBucket("2001:db8:abcd:13::1")).not.toBe(a);
    expect(rateLimitBucket("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitBucket("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("keeps anything else as it is, bounded", () => {
    expect(rateLimitBucket("unknown")).toBe("unknown");
    expect(rateLimitBucket("x".repeat(100))).toHaveLength(64);
  });
});
