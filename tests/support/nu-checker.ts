import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

/**
 * The W3C Nu Html Checker (npm `vnu-jar`) run on Debian's Java (`default-jre-headless`,
 * which scripts/validate.sh installs when `java` is missing). The package's own download of
 * a Java runtime is turned off in package.json (`allowScripts`): nothing is fetched.
 */
const vnuJar = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

/** A page to check: what the report calls it (its path) and the HTML the server sent. */
export type CheckedPage = { name: string; html: string };

export type NuMessage = {
  page: string;
  kind: "error" | "warning" | "info";
  line: number | undefined;
  column: number | undefined;
  message: string;
  extract: string | undefined;
};

type NuJsonMessage = {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
};

/** Checks every page in one JVM (the checker starts in seconds; the pages take a moment each). */
export async function checkHtml(pages: readonly CheckedPage[]): Promise<NuMessage[]> {
  const directory = await mkdtemp(join(tmpdir(), "nu-checker-"));
  try {
    const files = new Map<string, string>();
    await Promise.all(
      pages.map(async (page, index) => {
        const file = join(directory, `page-${index}.html`);
        files.set(file, page.name);
        await writeFile(file, page.html);
      }),
    );
    const { stdout } = await promisify(execFile)(
      "java",
      ["-jar", vnuJar, "--format", "json", "--exit-zero-always", "--stdout", ...files.keys()],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const report = JSON.parse(stdout) as { messages: NuJsonMessage[] };
    return report.messages.map((message) => ({
      // The checker names a file by its URL (file:/tmp/…); the report names the page.
      page: (message.url && files.get(new URL(message.url).pathname)) ?? message.url ?? "(the checker)",
      kind: message.type === "info" ? (message.subType === "warning" ? "warning" : "info") : "error",
      line: message.lastLine,
      column: message.firstColumn,
      message: message.message,
      extract: message.extract,
    }));
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** One line per message: the page, where in it, and what the checker said. */
export function describeNu(message: NuMessage): string {
  const where = message.line === undefined ? "" : `:${message.line}${message.column ? `:${message.column}` : ""}`;
  const extract = message.extract ? `\n      ${message.extract.replace(/\s+/g, " ").trim().slice(0, 160)}` : "";
  return `${message.page}${where} ${message.kind}: ${message.message}${extract}`;
}
