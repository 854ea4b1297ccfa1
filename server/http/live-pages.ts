import { noticesSlotAttribute, type SiteNotices } from "../../app/lib/site-notices.ts";
import type { Logger } from "../log.ts";
import { renderedPageFile, type BuildFile } from "./build-files.ts";

/** A live page as the server rendered it: its HTML, its status and the nonce its scripts carry. */
export type RenderedPage = { status: number; html: string; nonce: string | null };

const slot = `${noticesSlotAttribute}=""`;

/**
 * A prerendered page with the notices put into its slot, or null when it has no slot (or
 * more than one). The slot is empty in the build: the notices go right after its start tag.
 */
export function withNotices(html: string, notices: string): string | null {
  const at = html.indexOf(slot);
  if (at === -1 || html.indexOf(slot, at + slot.length) !== -1) return null;
  const open = html.indexOf(">", at) + 1;
  if (open === 0 || !html.startsWith("</div>", open)) return null;
  return `${html.slice(0, open)}${notices}${html.slice(open)}`;
}

const nothingShowing = (notices: SiteNotices | null) => !notices || (!notices.announcement && !notices.maintenance);

/**
 * The public pages that follow the database (ADR 029), kept as fixed bytes:
 *
 * - the live pages (`paths`: the locations page), which the build cannot render, rendered
 *   by the server at start and again when what they show changes (`stamp`);
 * - every prerendered page's notices slot, filled with the announcement and the
 *   maintenance notice showing now (`notices`), and emptied when they end.
 *
 * Every process checks once a second: a change made on any process or machine reaches
 * every one within about a second, with no message between them, and a visitor's request
 * never waits for it. Pages are replaced whole in the maps the answerers read.
 */
export function createLivePages(options: {
  paths: readonly string[];
  render: (path: string) => Promise<RenderedPage>;
  /** What the live pages show changes only with this. */
  stamp: () => Promise<string>;
  /** The notices showing at this moment (their windows applied). */
  notices: () => Promise<SiteNotices | null>;
  /** The notices as HTML, by the same component the pages rendered per request use. */
  renderNotices: (notices: SiteNotices) => string;
  /** The prerendered pages as built (notices slot empty), by address. */
  prerendered: ReadonlyMap<string, BuildFile>;
  /** The map the build files are answered from: a prerendered page in it is replaced with its notices. */
  served: Map<string, BuildFile>;
  /** Told of each prerendered page's new HTML (for the pages with a form, answered elsewhere), once the notices changed. */
  noticesChanged: (pages: ReadonlyMap<string, string>) => Promise<void>;
  log: Logger;
}) {
  /** The live pages, read by their answerer on every request: a page is replaced whole, never changed in place. */
  const files = new Map<string, BuildFile>();
  const { served } = options;
  let rendered: string | null = null;
  /** The notices pages rendered per request show: the ones being put into the kept pages. */
  let shown: { key: string; notices: SiteNotices | null } | null = null;
  let running: Promise<boolean> | null = null;

  const pagesWithSlot = [...options.prerendered]
    .filter(([, file]) => String(file.headers.http["content-type"]).startsWith("text/html"))
    .map(([path, file]) => ({ path, file, html: file.identity.toString("utf8") }))
    .filter((page) => withNotices(page.html, "") !== null);

  async function renderLive(): Promise<void> {
    await Promise.all(
      options.paths.map(async (path) => {
        const page = await options.render(path);
        if (page.status !== 200) throw new Error(`${path} rendered with status ${page.status}`);
        files.set(path, await renderedPageFile(path, page.html, { nonce: page.nonce }));
      }),
    );
  }

  async function showNotices(notices: SiteNotices | null): Promise<Map<string, string>> {
    const markup = nothingShowing(notices) || !notices ? "" : options.renderNotices(notices);
    const pages = new Map<string, string>();
    await Promise.all(
      pagesWithSlot.map(async (page) => {
        const html = withNotices(page.html, markup) ?? page.html;
        pages.set(page.path, html);
        if (!served.has(page.path)) return;
        // With nothing showing, the build's own bytes (compressed at build time) serve again.
        // The notices hold no script: the page's own scripts are the build's.
        served.set(
          page.path,
          markup ? await renderedPageFile(page.path, html, { hashes: page.file.scriptHashes }) : page.file,
        );
      }),
    );
    return pages;
  }

  /** The notices every kept page (the 404 template too) was brought up to date with. */
  let applied: string | null = null;

  async function check(): Promise<boolean> {
    const notices = await options.notices();
    const showing = nothingShowing(notices) ? null : notices;
    const key = JSON.stringify(showing);
    const stamp = await options.stamp();
    if (applied === key && stamp === rendered) return false;
    if (applied !== key) {
      // The live pages show the notices too: whatever happens below, they are rendered again.
      rendered = null;
      const pages = await showNotices(showing);
      // Pages rendered from here on (a search, a refused form, the 404 screen) show the same.
      shown = { key, notices: showing };
      await options.noticesChanged(pages);
      applied = key;
    }
    await renderLive();
    rendered = stamp;
    return true;
  }

  /**
   * Brings the pages up to date if what they show has changed since: true when it did.
   * Calls that come while one runs share it. A failure (the database away) leaves the
   * pages as they were, and the next call tries again.
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

  return {
    files,
    refresh,
    watch,
    /** The notices the pages in memory show: pages rendered per request show the same. */
    notices: (): SiteNotices | null => shown?.notices ?? null,
  };
}

export type LivePages = ReturnType<typeof createLivePages>;
