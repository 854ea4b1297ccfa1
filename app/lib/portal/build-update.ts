import { defaultBuildPollMs } from "../../../shared/contracts/app-config.ts";

/**
 * Spec §4 and §7: the portal polls for a newer build. When one is found, the next
 * navigation is a full page load, so a long-open tab picks up the new code instead of
 * asking for route modules that no longer exist.
 */
export const latestBuildPath = "/builds/latest.json";

export type BuildInfo = { id: string; timestamp: number };

function isBuildInfo(value: unknown): value is BuildInfo {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as BuildInfo).id === "string" &&
    typeof (value as BuildInfo).timestamp === "number"
  );
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** The newest build the server has: `builds/latest.json` (with a timestamp query, past any cache), confirmed by its `builds/meta/{id}.json`. */
export async function fetchLatestBuild(fetcher: Fetch, now = Date.now()): Promise<BuildInfo | null> {
  const latest = await fetcher(`${latestBuildPath}?t=${now}`, { cache: "no-store" });
  if (!latest.ok) return null;
  const info: unknown = await latest.json();
  if (!isBuildInfo(info) || !/^[\w-]{1,64}$/.test(info.id)) return null;
  // A build is there once its meta file is: a half-finished deploy is not announced.
  const meta = await fetcher(`/builds/meta/${info.id}.json`, { cache: "no-store" });
  return meta.ok ? info : null;
}

/** The part of `document` the watcher listens to. */
export type VisibilitySource = {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener: (type: "visibilitychange", listener: () => void) => void;
  removeEventListener: (type: "visibilitychange", listener: () => void) => void;
};

export type BuildWatcher = {
  /** Whether a build newer than the running one has been seen. */
  readonly updateReady: boolean;
  /** Looks now (after a failed navigation, say); resolves once the check is done. */
  check: () => Promise<void>;
  stop: () => void;
};

/**
 * Checks on an interval, and whenever the tab becomes visible again. Errors (offline,
 * a deploy in progress) are quiet: the next check tries again.
 */
export function watchForNewBuild(options: {
  currentBuildId: string;
  intervalMs?: number;
  fetcher?: Fetch;
  document?: VisibilitySource;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
  onUpdateReady?: (build: BuildInfo) => void;
}): BuildWatcher {
  const fetcher = options.fetcher ?? ((input, init) => fetch(input, init));
  const doc = options.document ?? document;
  const every = options.setInterval ?? ((fn, ms) => globalThis.setInterval(fn, ms));
  const stopEvery = options.clearInterval ?? ((handle) => globalThis.clearInterval(handle as number));
  let updateReady = false;
  let running: Promise<void> | undefined;

  const check = () => {
    if (updateReady) return Promise.resolve();
    running ??= fetchLatestBuild(fetcher)
      .then((latest) => {
        if (latest && latest.id !== options.currentBuildId) {
          updateReady = true;
          options.onUpdateReady?.(latest);
        }
      })
      .catch(() => undefined)
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const onVisible = () => {
    if (doc.visibilityState === "visible") void check();
  };
  const timer = every(() => void check(), options.intervalMs ?? defaultBuildPollMs);
  doc.addEventListener("visibilitychange", onVisible);
  return {
    get updateReady() {
      return updateReady;
    },
    check,
    stop: () => {
      stopEvery(timer);
      doc.removeEventListener("visibilitychange", onVisible);
    },
  };
}

/** A failed dynamic import of a route's code (a chunk that a new deploy removed), in any browser's words. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === "ChunkLoadError" ||
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      error.message,
    )
  );
}
