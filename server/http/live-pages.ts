import { analyticsBlock, thirdPartySources, type SiteAnalytics } from "../../shared/analytics.ts";
import { noticesSlotAttribute, type SiteNotices } from "../../shared/contracts/site-notices.ts";
import type { Logger } from "../log.ts";
import { renderedPageFile, type BuildFile } from "./build-files.ts";

/** A live page as the server rendered it: its HTML, its status and the nonce its scripts carry. */
export type RenderedPage = { status: number; html: string; nonce: string | null };

const slot = `${noticesSlotAttribute}=""`;

/**
 * A prerendered page with the notices put into its slot and the analytics loaders' data
 * block (`block`, ADR 030) right after it, as the public layout renders them; null when
 * it has no slot (or more than one). The slot is empty in the build.
 */
export function withNotices(html: string, notices: string, block = ""): string | null {
  const at = html.indexOf(slot);
  if (at === -1 || html.indexOf(slot, at + slot.length) !== -1) return null;
  const open = html.indexOf(">", at) + 1;
  if (open === 0 || !html.startsWith("</div>", open)) return null;
  const close = open + "</div>".length;
  return `${html.slice(0, open)}${notices}</div>${block}${html.slice(close)}`;
}

const nothingShowing = (notices: SiteNotices | null) => !notices || (!notices.announcement && !notices.maintenance);

/** What the public pages show of the admin's settings: the notices showing now, and the analytics loaders that are on. */
export type SiteState = { notices: SiteNotices | null; analytics: SiteAnalytics | null };

/**
 * The public pages that follow the database (ADR 029), kept as fixed bytes:
 *
 * - the live pages (`pages`: the locations page, each published stable release's page),
 *   which the build cannot render, rendered by the server at start and each again when
 *   what it shows changes (its stamp);
 * - every prerendered page's notices slot, filled with the announcement and the
 *   maintenance notice showing now (`notices`), and emptied when they end; and after it,
 *   the analytics loaders' data block while one is on, with their hosts in the page's CSP
 *   (`analytics`, ADR 030).
 *
 * Every process checks once a second: a change made on any process or machine reaches
 * every one within about a second, with no message between them, and a visitor's request
 * never waits for it. Pages are replaced whole in the maps the answerers read.
 */
export function createLivePages(options: {
  /**
   * The live pages now, each with a stamp of what it shows: a page is rendered again only
   * when its stamp changes (or the notices do), and dropped when it is no longer listed.
   */
  pages: () => Promise<ReadonlyMap<string, string>>;
  render: (path: string) => Promise<RenderedPage>;
  /** The notices showing at this moment (their windows applied). */
  notices: () => Promise<SiteNotices | null>;
  /** The analytics loaders that are on. */
  analytics: () => Promise<SiteAnalytics | null>;
  /** The notices as HTML, by the same component the pages rendered per request use. */
  renderNotices: (notices: SiteNotices) => string;
  /** The prerendered pages as built (notices slot empty), by address. */
  prerendered: ReadonlyMap<string, BuildFile>;
  /** The map the build files are answered from: a prerendered page in it is replaced with its notices. */
  served: Map<string, BuildFile>;
  /** Told of each prerendered page as it is now kept (the pages with a form are answered elsewhere), once the state changed. */
  stateChanged: (pages: ReadonlyMap<string, BuildFile>, state: SiteState) => Promise<void>;
  log: Logger;
}) {
  /** The live pages, read by their answerer on every request: a page is replaced whole, never changed in place. */
  const files = new Map<string, BuildFile>();
  const { served } = options;
  /** The stamp each kept live page was rendered at. */
  const rendered = new Map<string, string>();
  /** What pages rendered per request show: the state being put into the kept pages. */
  let shown: SiteState = { notices: null, analytics: null };
  let running: Promise<boolean> | null = null;

  const pagesWithSlot = [...options.prerendered]
    .filter(([, file]) => String(file.headers.http["content-type"]).startsWith("text/html"))
    .map(([path, file]) => ({ path, file, html: file.identity.toString("utf8") }))
    .filter((page) => withNotices(page.html, "") !== null);

  /** Renders the pages whose stamp changed, a few at a time, and drops those no longer listed. */
  async function renderLive(wanted: ReadonlyMap<string, string>): Promise<void> {
    for (const path of new Set([...files.keys(), ...rendered.keys()])) {
      if (wanted.has(path)) continue;
      files.delete(path);
      rendered.delete(path);
    }
    const due = [...wanted].filter(([path, stamp]) => rendered.get(path) !== stamp);
    const renderOne = async ([path, stamp]: [string, string]) => {
      const page = await options.render(path);
      // Gone between the list and its render (a release unpublished): not kept, and not asked
      // for again until its stamp changes; the next list leaves it out anyway.
      if (page.status === 404) {
        files.delete(path);
        rendered.set(path, stamp);
        return;
      }
      if (page.status !== 200) throw new Error(`${path} rendered with status ${page.status}`);
      files.set(
        path,
        await renderedPageFile(path, page.html, { nonce: page.nonce }, thirdPartySources(shown.analytics)),
      );
      rendered.set(path, stamp);
    };
    // Four at a time: brotli runs on the thread pool, whose four threads the answers share.
    const workers = Array.from({ length: Math.min(4, due.length) }, async () => {
      for (let next = due.shift(); next; next = due.shift()) await renderOne(next);
    });
    await Promise.all(workers);
  }

  const sameStamps = (wanted: ReadonlyMap<string, string>) =>
    wanted.size === rendered.size && [...wanted].every(([path, stamp]) => rendered.get(path) === stamp);

  async function show(state: SiteState): Promise<Map<string, BuildFile>> {
    const markup = nothingShowing(state.notices) || !state.notices ? "" : options.renderNotices(state.notices);
    const block = state.analytics ? analyticsBlock(state.analytics) : "";
    const thirdParty = thirdPartySources(state.analytics);
    const pages = new Map<string, BuildFile>();
    await Promise.all(
      pagesWithSlot.map(async (page) => {
        // With nothing to show, the build's own bytes (compressed at build time) serve again.
        // The notices and the data block hold no script: the page's own scripts are the build's.
        const file =
          markup || block
            ? await renderedPageFile(
                page.path,
                withNotices(page.html, markup, block) ?? page.html,
                { hashes: page.file.scriptHashes },
                thirdParty,
              )
            : page.file;
        pages.set(page.path, file);
        if (served.has(page.path)) served.set(page.path, file);
      }),
    );
    return pages;
  }

  /** The state every kept page (the 404 template too) was brought up to date with. */
  let applied: string | null = null;

  async function check(): Promise<boolean> {
    const [notices, analytics] = await Promise.all([options.notices(), options.analytics()]);
    const state: SiteState = { notices: nothingShowing(notices) ? null : notices, analytics };
    const key = JSON.stringify(state);
    const wanted = await options.pages();
    if (applied === key && sameStamps(wanted)) return false;
    if (applied !== key) {
      // The live pages show the same: whatever happens below, they are rendered again.
      rendered.clear();
      const pages = await show(state);
      // Pages rendered from here on (a search, a refused form, the 404 screen) show the same.
      shown = state;
      await options.stateChanged(pages, state);
      applied = key;
    }
    await renderLive(wanted);
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
    // An outage is said once when it starts and once when it ends, not every second.
    let failingSince: Date | null = null;
    const timer = setInterval(() => {
      refresh().then(
        () => {
          if (!failingSince) return;
          options.log.info("the live public pages are up to date again", {
            failedForS: Math.round((Date.now() - failingSince.getTime()) / 1000),
          });
          failingSince = null;
        },
        (error: unknown) => {
          if (failingSince) return;
          failingSince = new Date();
          options.log.warn("the live public pages could not be brought up to date; trying every second", {
            error: error instanceof Error ? error.message : String(error),
          });
        },
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
    notices: (): SiteNotices | null => shown.notices,
    /** The analytics loaders the pages in memory carry: pages rendered per request carry the same. */
    analytics: (): SiteAnalytics | null => shown.analytics,
  };
}

export type LivePages = ReturnType<typeof createLivePages>;
