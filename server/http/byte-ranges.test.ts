import { describe, expect, it } from "vitest";
import { chooseRange, ifRangeHolds, rangeHeaders } from "./byte-ranges.ts";

const size = 1000;
const etag = '"3f2a"';
const lastModified = new Date("2026-11-20T09:15:30.250Z");
const validators = { etag, lastModified };
const get = (range: string, ifRange?: string) => ({ method: "GET", range, ifRange });

describe("byte ranges (RFC 9110 §14)", () => {
  it("answers one range, an open end and a suffix with 206 and the part's Content-Range", () => {
    expect(chooseRange(get("bytes=0-99"), size, validators)).toEqual({ status: 206, range: { start: 0, end: 99 } });
    expect(chooseRange(get("bytes=900-"), size, validators)).toEqual({ status: 206, range: { start: 900, end: 999 } });
    expect(chooseRange(get("bytes=-500"), size, validators)).toEqual({ status: 206, range: { start: 500, end: 999 } });
    // An end past the last byte is cut to it; a suffix longer than the file is the whole file, as a part.
    expect(chooseRange(get("bytes=990-5000"), size, validators)).toEqual({
      status: 206,
      range: { start: 990, end: 999 },
    });
    expect(chooseRange(get("bytes=-5000"), size, validators)).toEqual({ status: 206, range: { start: 0, end: 999 } });
    expect(rangeHeaders({ status: 206, range: { start: 500, end: 999 } }, size)).toEqual({
      "Accept-Ranges": "bytes",
      "Content-Length": "500",
      "Content-Range": "bytes 500-999/1000",
    });
  });

  it("answers a range that starts past the end with 416 and the file's size", () => {
    expect(chooseRange(get("bytes=1000-"), size, validators)).toEqual({ status: 416 });
    expect(chooseRange(get("bytes=5000-6000"), size, validators)).toEqual({ status: 416 });
    expect(rangeHeaders({ status: 416 }, size)).toEqual({ "Accept-Ranges": "bytes", "Content-Range": "bytes */1000" });
    // Of several, the satisfiable one is answered (§14.1.1: satisfiable if any range is).
    expect(chooseRange(get("bytes=5000-,0-9"), size, validators)).toEqual({ status: 206, range: { start: 0, end: 9 } });
  });

  it("merges ranges that touch or overlap into one part, and sends the whole file for separate ones", () => {
    expect(chooseRange(get("bytes=0-99,100-199"), size, validators)).toEqual({
      status: 206,
      range: { start: 0, end: 199 },
    });
    expect(chooseRange(get("bytes=50-150,0-99"), size, validators)).toEqual({
      status: 206,
      range: { start: 0, end: 150 },
    });
    expect(chooseRange(get("bytes=0-9,500-509"), size, validators)).toEqual({ status: 200 });
    expect(chooseRange(get("bytes=0-0,-1"), size, validators)).toEqual({ status: 200 });
  });

  it("ignores what is not a byte range it can read: the whole file with 200", () => {
    for (const header of ["bytes=abc", "bytes=", "bytes=50-20", "bytes=0-9,x", "items=0-5", "0-99", "bytes=--1"]) {
      expect(chooseRange(get(header), size, validators), header).toEqual({ status: 200 });
    }
    // Hundreds of ranges are an attack, not a client: not even parsed.
    const many = `bytes=${Array.from({ length: 300 }, (_, index) => `${index * 3}-${index * 3 + 1}`).join(",")}`;
    expect(chooseRange(get(many), size, validators)).toEqual({ status: 200 });
    expect(rangeHeaders({ status: 200 }, size)).toEqual({ "Accept-Ranges": "bytes", "Content-Length": "1000" });
  });

  it("applies a range to GET only: HEAD is told the whole file", () => {
    expect(chooseRange({ method: "HEAD", range: "bytes=0-99" }, size, validators)).toEqual({ status: 200 });
    expect(chooseRange({ method: "GET" }, size, validators)).toEqual({ status: 200 });
  });

  it("answers the range only while If-Range names the file as it is: a strong ETag or its exact date", () => {
    expect(chooseRange(get("bytes=100-", etag), size, validators)).toEqual({
      status: 206,
      range: { start: 100, end: 999 },
    });
    expect(chooseRange(get("bytes=100-", lastModified.toUTCString()), size, validators).status).toBe(206);
    // Another file, a weak tag, another second, or no validator to compare with: the whole file.
    expect(chooseRange(get("bytes=100-", '"another"'), size, validators)).toEqual({ status: 200 });
    expect(chooseRange(get("bytes=100-", `W/${etag}`), size, validators)).toEqual({ status: 200 });
    expect(chooseRange(get("bytes=100-", "Fri, 20 Nov 2026 09:15:31 GMT"), size, validators)).toEqual({
      status: 200,
    });
    expect(chooseRange(get("bytes=100-", "not a date"), size, validators)).toEqual({ status: 200 });
    expect(ifRangeHolds(etag, {})).toBe(false);
    expect(ifRangeHolds(lastModified.toUTCString(), { etag })).toBe(false);
  });

  it("treats an empty file as the spec does: only a suffix is satisfiable, and it is the empty whole", () => {
    expect(chooseRange(get("bytes=-10"), 0, validators)).toEqual({ status: 200 });
    expect(chooseRange(get("bytes=0-"), 0, validators)).toEqual({ status: 416 });
  });
});
