import { beforeEach, describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../tests/support/databases.ts";
import { createRateLimiter } from "./rate-limit.ts";

const limit = { limit: 3, windowS: 60 };

describe.each(databaseKinds)("rate limits on %s", (kind) => {
  const database = useTestDatabase(kind);
  let clock: Date;
  const limiter = () => createRateLimiter(database().db, () => clock);

  beforeEach(() => {
    clock = new Date("2026-11-21T12:00:00Z");
  });

  it("allows the limit, refuses the next with the seconds left in the window", async () => {
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(await limiter().hit("ip:192.0.2.1", limit)).toEqual({ allowed: true, count: attempt, retryAfterS: 0 });
    }
    clock = new Date(clock.getTime() + 15_000);
    expect(await limiter().hit("ip:192.0.2.1", limit)).toEqual({ allowed: false, count: 4, retryAfterS: 45 });
  });

  it("starts a fresh window once the old one has run out", async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) await limiter().hit("account:alice", limit);
    clock = new Date(clock.getTime() + 60_000);
    expect(await limiter().hit("account:alice", limit)).toEqual({ allowed: true, count: 1, retryAfterS: 0 });
  });

  it("counts keys apart, and forgets a key on reset", async () => {
    for (let attempt = 0; attempt < 4; attempt += 1) await limiter().hit("account:alice", limit);
    expect((await limiter().hit("account:bob", limit)).allowed).toBe(true);
    await limiter().reset("account:alice");
    expect((await limiter().hit("account:alice", limit)).count).toBe(1);
  });

  it("counts concurrent hits exactly", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => limiter().hit("ip:198.51.100.7", limit)));
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(results.filter((result) => result.allowed)).toHaveLength(3);
  });

  it("sweeps counters whose window ended more than a day ago, and keeps recent ones", async () => {
    await limiter().hit("old", { limit: 5, windowS: 60 });
    clock = new Date(clock.getTime() + 25 * 60 * 60 * 1000);
    await limiter().hit("recent", { limit: 5, windowS: 60 });
    expect(await limiter().sweep()).toBe(1);
    expect((await limiter().hit("recent", { limit: 5, windowS: 60 })).count).toBe(2);
    expect((await limiter().hit("old", { limit: 5, windowS: 60 })).count).toBe(1);
  });
});
