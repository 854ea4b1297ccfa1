/**
 * The floor under a signed-in page's server time (issue 17): the same page's React tree
 * rendered with `renderToString` from its data, already loaded, with React Router's static
 * router only (no middleware, no loaders, no GraphQL, no database). Beside it, the whole
 * app in this process (`app.fetch`, without HTTP): what is left between the two is the
 * work around React.
 *
 * The app runs in this process on an embedded database with the demo data, with React's
 * production build as the server has it. Each page is asked once to capture what React
 * Router hands the entry (its data, its manifest), then rendered again and again from that.
 */
import type { EntryContext, ServerBuild } from "react-router";
import { sessionCookieName } from "../../server/auth/cookies.ts";
import { loadConfig } from "../../server/config.ts";
import { openDatabase } from "../../server/db/client.ts";
import { migrateDatabase } from "../../server/db/migrate.ts";
import { seedDemoData } from "../../server/demo/seed.ts";
import { createDoc, publishDoc } from "../../server/domain/docs/index.ts";
import { loadBuild } from "../../server/http/build.ts";
import { createServer } from "../../server/http/server.ts";
import { createLogger } from "../../server/log.ts";
import { openFileStore } from "../../server/storage/open.ts";
import { longDoc } from "./docs-corpus.ts";
import { benchAdmin, benchContext } from "./server.ts";

export type FloorFigure = { path: string; floorMs: number; inProcessMs: number; htmlBytes: number };

type HandleDocument = ServerBuild["entry"]["module"]["default"];

/** CPU milliseconds of this process for one run of `work`, over `runs` runs after `warmUp`. */
async function cpuPerRun(runs: number, warmUp: number, work: () => unknown): Promise<number> {
  for (let index = 0; index < warmUp; index += 1) await work();
  const before = process.cpuUsage();
  for (let index = 0; index < runs; index += 1) await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / runs;
}

export async function measureFloor(options: {
  paths: readonly string[];
  runs: number;
  buildDir?: string;
}): Promise<FloorFigure[]> {
  // React's production build, as the server runs it: the caller sets NODE_ENV before
  // anything imports React (as server/main.ts does).
  if (process.env.NODE_ENV !== "production") throw new Error("measureFloor needs NODE_ENV=production set first");
  const [{ createElement }, { renderToString }, { ServerRouter }] = await Promise.all([
    import("react"),
    import("react-dom/server"),
    import("react-router"),
  ]);
  const origin = "http://127.0.0.1:3999";
  const database = await openDatabase({ dataDir: "memory://" });
  const files = await openFileStore({ s3: undefined, dataDir: "memory://" });
  try {
    await migrateDatabase(database);
    await seedDemoData(database.db, { publicUrl: new URL(origin), files });
    const { actor, token } = await benchAdmin(database.db);
    const context = benchContext(database.db, actor, files);
    const created = await createDoc(context, {
      title: "Site network, export and calibration reference",
      slug: "bench-reference",
      body: longDoc({ words: 5000, codeBlocks: 20, seed: 16 }).markdown,
    });
    await publishDoc(context, { id: created.id, version: created.version });

    // The build, with its entry wrapped to keep what React Router hands it for each address.
    const build = await loadBuild(options.buildDir ?? process.env.BUILD_DIR ?? "build");
    const captured = new Map<string, { context: EntryContext; url: string }>();
    const original: HandleDocument = build.serverBuild.entry.module.default;
    const capturing: HandleDocument = (request, status, headers, routerContext, loadContext) => {
      // The data React Router streams into the page is read as the page renders: a render
      // of our own must not take the page's. (renderToString does not wait for it: the
      // floor leaves that stream out.)
      const handoff = routerContext.serverHandoffStream?.tee();
      const forPage = handoff ? { ...routerContext, serverHandoffStream: handoff[0] } : routerContext;
      const { serverHandoffStream: _unread, ...forFloor } = routerContext;
      void handoff?.[1].cancel();
      captured.set(new URL(request.url).pathname, { context: forFloor, url: request.url });
      return original(request, status, headers, forPage, loadContext);
    };
    const serverBuild: ServerBuild = {
      ...build.serverBuild,
      entry: { module: { ...build.serverBuild.entry.module, default: capturing } },
    };
    const config = loadConfig({
      NODE_ENV: "production",
      PUBLIC_URL: origin,
      DATA_DIR: "memory://",
      DEMO_DATA: "false",
    });
    const server = await createServer({
      config,
      database,
      files,
      build: { ...build, serverBuild },
      log: createLogger("error"),
    });
    const cookie = `${sessionCookieName(false)}=${token}`;
    const ask = async (path: string) => {
      const response = await server.fetch(new Request(`${origin}${path}`, { headers: { cookie } }), {});
      const body = await response.text();
      if (response.status !== 200 || !body.includes("Bench Admin")) {
        throw new Error(`${path} answered ${response.status} without the signed-in page`);
      }
      return body;
    };

    const figures: FloorFigure[] = [];
    for (const path of options.paths) {
      const html = await ask(path);
      const page = captured.get(path);
      if (!page) throw new Error(`${path} was not rendered by React Router`);
      const inProcessMs = await cpuPerRun(options.runs, 50, () => ask(path));
      const floorMs = await cpuPerRun(options.runs, 50, () =>
        renderToString(createElement(ServerRouter, { context: page.context, url: page.url })),
      );
      figures.push({ path, floorMs, inProcessMs, htmlBytes: Buffer.byteLength(html) });
    }
    return figures;
  } finally {
    await files.close();
    await database.close();
  }
}
