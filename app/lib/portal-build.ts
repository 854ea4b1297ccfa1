import { defaultBuildPollMs, watchForNewBuild, type BuildWatcher } from "./build-update.ts";

/** The portal's one build watcher, shared by the shell (which starts it) and the layout's client middleware. */
let watcher: BuildWatcher | undefined;

export function startBuildWatch(intervalMs = defaultBuildPollMs): () => void {
  watcher ??= watchForNewBuild({ currentBuildId: __BUILD_ID__, intervalMs });
  return () => {
    watcher?.stop();
    watcher = undefined;
  };
}

export function newBuildReady(): boolean {
  return watcher?.updateReady ?? false;
}

/** Looks for a newer build now (after a navigation failed, say). */
export function checkForNewBuild(): Promise<void> {
  return watcher?.check() ?? Promise.resolve();
}
