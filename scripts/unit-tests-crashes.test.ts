import { describe, expect, it } from "vitest";
import { filesToRunAgain, type VitestReport } from "./unit-tests-crashes.ts";

const crash = (file: string) =>
  [
    "#",
    "# Fatal error in , line 0",
    "# Check failed: jit_page_->allocations_.erase(addr) == 1.",
    " Unhandled Error ",
    // As vitest prints it to a terminal: in colour, the code right after the file's name.
    `\x1b[31m\x1b[1mCaused by: Error\x1b[22m: Worker exited unexpectedly with signal SIGTRAP during started state while running test file ${file}\x1b[39m`,
  ].join("\n");
const passed = (name: string) => ({ name, status: "passed" });
const report = (...testResults: VitestReport["testResults"]): VitestReport => ({ numFailedTests: 0, testResults });

describe("which test files run again after a failed run", () => {
  it("runs again the files the engine's wasm check killed, and only those", () => {
    const output = `${crash("/repo/server/domain/docs/docs.test.ts")}\n Test Files  156 passed (157)\n\x1b[2m     Errors \x1b[22m \x1b[1m\x1b[31m1 error\x1b[39m\x1b[22m\n`;
    expect(filesToRunAgain(output, report(passed("/repo/a.test.ts")))).toEqual([
      "/repo/server/domain/docs/docs.test.ts",
    ]);
    // The crashed file may be listed as failed, or not at all.
    expect(
      filesToRunAgain(
        output,
        report(passed("/repo/a.test.ts"), { name: "/repo/server/domain/docs/docs.test.ts", status: "failed" }),
      ),
    ).toEqual(["/repo/server/domain/docs/docs.test.ts"]);
  });

  it("runs nothing again when a test failed, another file failed, or another error was printed", () => {
    const output = `${crash("/repo/b.test.ts")}\n      Errors  1 error\n`;
    expect(filesToRunAgain(output, { numFailedTests: 1, testResults: [] })).toBeNull();
    expect(filesToRunAgain(output, report({ name: "/repo/c.test.ts", status: "failed" }))).toBeNull();
    expect(filesToRunAgain(`${crash("/repo/b.test.ts")}\n      Errors  2 errors\n`, report())).toBeNull();
    expect(filesToRunAgain(output, null)).toBeNull();
  });

  it("runs nothing again for another signal or a crash without the engine's check", () => {
    expect(
      filesToRunAgain(
        "Worker exited unexpectedly with signal SIGSEGV during started state while running test file /repo/b.test.ts",
        report(),
      ),
    ).toBeNull();
    expect(
      filesToRunAgain(
        "Worker exited unexpectedly with signal SIGTRAP during started state while running test file /repo/b.test.ts",
        report(),
      ),
    ).toBeNull();
  });
});
