import { describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../../tests/support/databases.ts";
import { formTicketWindow, formTicketsWithKey, loadFormTickets } from "./form-tickets.ts";

const issuedAt = new Date("2026-06-15T12:00:00Z");
const after = (ms: number) => new Date(issuedAt.getTime() + ms);

describe("form tickets", () => {
  const tickets = formTicketsWithKey(Buffer.alloc(32, 1));
  const ticket = tickets.issue(issuedAt);

  it("hold between a few seconds and two days after the form was given out", () => {
    expect(tickets.check(ticket, after(formTicketWindow.minimumMs - 1))).toBe("too-soon");
    expect(tickets.check(ticket, after(formTicketWindow.minimumMs))).toBe("fresh");
    expect(tickets.check(ticket, after(formTicketWindow.maximumMs))).toBe("fresh");
    expect(tickets.check(ticket, after(formTicketWindow.maximumMs + 1))).toBe("expired");
  });

  it("cannot be moved back in time, signed with another key, or made up", () => {
    const [issued = "", signature = ""] = ticket.split(".");
    const earlier = (Number.parseInt(issued, 36) - 60_000).toString(36);
    expect(tickets.check(`${earlier}.${signature}`, after(60_000))).toBe("invalid");
    expect(formTicketsWithKey(Buffer.alloc(32, 2)).check(ticket, after(60_000))).toBe("invalid");
    for (const made of ["", "x", `${issued}.`, `${issued}.${"A".repeat(43)}`, `${ticket}A`, `${ticket} `]) {
      expect(tickets.check(made, after(60_000)), made).toBe("invalid");
    }
  });
});

describe.each(databaseKinds)("the form tickets' key, on %s", (kind) => {
  const database = useTestDatabase(kind);

  it("is made once and shared by every process that loads it", async () => {
    const { db } = database();
    const first = await loadFormTickets(db);
    const second = await loadFormTickets(db);
    expect(second.check(first.issue(issuedAt), after(60_000))).toBe("fresh");
  });
});
