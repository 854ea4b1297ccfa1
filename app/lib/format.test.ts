import { describe, expect, it } from "vitest";
import { dayHeading, personName, relativeTime } from "./format.ts";

const now = "2026-11-23T12:00:00.000Z";

describe("relativeTime", () => {
  it("says a past moment the way a person would", () => {
    expect(relativeTime("2026-11-23T11:59:30.000Z", now)).toBe("just now");
    expect(relativeTime("2026-11-23T11:59:00.000Z", now)).toBe("1 minute ago");
    expect(relativeTime("2026-11-23T11:05:00.000Z", now)).toBe("55 minutes ago");
    expect(relativeTime("2026-11-23T09:00:00.000Z", now)).toBe("3 hours ago");
    expect(relativeTime("2026-11-22T12:00:00.000Z", now)).toBe("1 day ago");
    expect(relativeTime("2026-11-17T12:00:01.000Z", now)).toBe("5 days ago");
  });

  it("says a coming moment too (an invitation's end)", () => {
    expect(relativeTime("2026-11-23T12:00:20.000Z", now)).toBe("in a moment");
    expect(relativeTime("2026-11-23T14:30:00.000Z", now)).toBe("in 2 hours");
    expect(relativeTime("2026-11-30T11:00:00.000Z", now)).toBe("in 6 days");
  });

  it("gives a date past a week, with the year only when it is another one", () => {
    expect(relativeTime("2026-11-02T08:00:00.000Z", now)).toBe("Nov 2");
    expect(relativeTime("2025-12-31T23:00:00.000Z", now)).toBe("Dec 31, 2025");
    expect(relativeTime("2027-01-15T00:00:00.000Z", now)).toBe("Jan 15, 2027");
  });
});

describe("dayHeading", () => {
  it("names today and yesterday, then the weekday and date, in UTC days", () => {
    expect(dayHeading("2026-11-23T00:00:00.000Z", now)).toBe("Today");
    expect(dayHeading("2026-11-22T23:59:59.999Z", now)).toBe("Yesterday");
    expect(dayHeading("2026-11-16T10:00:00.000Z", now)).toBe("Monday, Nov 16");
    expect(dayHeading("2025-11-16T10:00:00.000Z", now)).toBe("Nov 16, 2025");
  });
});

describe("personName", () => {
  it("uses the name, else the address, else a plain label", () => {
    expect(personName({ name: "Ann Lee", email: "ann@example.com" })).toBe("Ann Lee");
    expect(personName({ name: null, email: "ann@example.com" })).toBe("ann@example.com");
    expect(personName({ name: null, email: null })).toBe("Unnamed user");
  });
});
