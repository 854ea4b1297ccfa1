import type { Logger } from "../log.ts";
import { renderedPageFile, type BuildFile } from "./build-files.ts";

/** The header of the server's own render of a live page: the answerer from memory lets it through. */
export const liveRenderHeader = "x-densara-live-render";

/** A live page as the server rendered it: its HTML, its status and the nonce its scripts carry. */
export type RenderedPage = { status: number; html: string; nonce: string | null };

/**
 * Public pages that show the database (the locations page), kept as fixed bytes like a
 * prerendered page (ADR 029): rendered by the server at start, and again when what they
 * show changes. Every process asks for the stamp of what they show once a second
 * (`stamp`): a change made on any process or machine reaches every one within about a
 * second, with no message between them, and a visitor's request never waits for it.
 */
export function createLivePages(options: {
  paths: readonly string[];
  render: (path: string) => Promise<RenderedPage>;
  stamp: () => Promise<string>;
  log: Logger;
}) {
  /** Read by the answerer on every request: a page is replaced whole, never changed in place. */
  const files = new Map<string, BuildFile>();
  let rendered: string | null = null;
  let running: Promise<boolean> | null = null;

  async function renderAll(): Promise<void> {
    await Promise.all(
      options.paths.map(async (path) => {
        const page = await options.render(path);
        if (page.status !== 200) throw new Error(`${path} rendered with status ${page.status}`);
        files.set(path, await renderedPageFile(path, page.html, page.nonce));
      }),
    );
  }

  async function check(): Promise<boolean> {
    const stamp = await options.stamp();
    if (stamp === rendered) return false;
    await renderAll();
    rendered = stamp;
    return true;
  }

  /**
   * Renders the pages again if what they show has changed since they were rendered: true
   * when it did. Calls that come while one runs share it. A failure (the database away)
   * leaves the pages as they were, and the next call tries again.
   */
  function refresh(): Promise<boolean> {
    running ??= check().finally(() => {
      running = null;
    });
    return running;
  }

  /** Checks every `intervalMs` until stopped; the timer never keeps the process alive. */
  function watch(intervalMs = 1000): () => void {
    const timer = setInterval(() => {
      refresh().catch((error: unknown) =>
        options.log.warn("the live public pages could not be brought up to date", {
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  return { files, refresh, watch };
}

export type LivePages = ReturnType<typeof createLivePages>;
