/**
 * Prints the public site's budgets: gzipped JS at load per page, and Lighthouse
 * (mobile) scores with LCP, TBT and CLS; the portal's and the docs' JS at load, signed in,
 * with Lighthouse on the docs' reading pages; then the docs' budgets (scripts/bench/docs.ts:
 * render and search times, each marked against its budget). Figures only: nothing here
 * fails the run.
 *
 *   npm run bench                       every public page
 *   npm run bench -- --pages /,/about   some pages
 *   npm run bench -- --no-lighthouse    JS budget only
 *   npm run bench -- --no-portal        leave out the signed-in portal's pages
 *   npm run bench -- --no-docs          leave out the docs' budgets (npm run bench:docs runs them alone)
 *   npm run bench -- --no-postgres      the docs' budgets on PGlite only
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { chromium, type BrowserContext } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { publicPaths } from "../../shared/public-paths.ts";
import { benchPortalPaths, benchReadingPaths } from "../../tests/support/portal-pages.ts";
import { chromiumFlags, chromiumPath } from "../chromium.ts";
import { startServer } from "./server.ts";

const args = process.argv.slice(2);
const pagesArg = args[args.indexOf("--pages") + 1];
const paths = args.includes("--pages") && pagesArg ? pagesArg.split(",") : [...publicPaths];
const runLighthouse = !args.includes("--no-lighthouse");
const runPortal = !args.includes("--no-portal");
const runDocs = !args.includes("--no-docs");

/**
 * The portal's pages, each measured as a first load (a fresh browser, signed in): budget
 * 160 KB gzip. Derived from the nav, with the e2e sweeps (tests/support/portal-pages.ts).
 */
const portalPaths = [...benchPortalPaths];
const portalBudgetKb = 160;
/**
 * The docs area, signed in: the reading pages (not hydrated: the nav's pages outside the
 * portal's app, and a doc each) and the editor, each with its own budget.
 */
const docsPages = [
  ...benchReadingPaths.map((path) => ({ path, budgetKb: 60, reading: true })),
  { path: "/docs/add", budgetKb: 250, reading: false },
];
const benchAdmin = { email: "bench-admin@densara.test", password: "bench-admin-password-1" };

if (!existsSync(`${process.env.BUILD_DIR ?? "build"}/server/index.js`)) {
  console.error('No production build. Run "npm run build" first.');
  process.exit(1);
}

type Row = { path: string; jsGzipKb: number; scripts: number; lighthouse?: Record<string, number> };

/** Every script a page loads before any interaction, measured as gzip bytes (signed in first, for the portal). */
async function jsAtLoad(
  origin: string,
  pages: readonly string[],
  signIn?: { email: string; password: string },
): Promise<{ pages: Map<string, { kb: number; scripts: number }>; cookie: string }> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const result = new Map<string, { kb: number; scripts: number }>();
  let cookies: Awaited<ReturnType<BrowserContext["cookies"]>> = [];
  if (signIn) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${origin}/auth/login?returnTo=/dashboard/settings`);
    await page.getByLabel("Email address").fill(signIn.email);
    await page.getByLabel("Password", { exact: true }).fill(signIn.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(`${origin}/dashboard/settings`);
    cookies = await context.cookies();
    await context.close();
  }
  try {
    for (const path of pages) {
      // A fresh context per page: nothing cached, so this is the page's first load.
      const context = await browser.newContext();
      await context.addCookies(cookies);
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.add(request.url());
      });
      await page.goto(`${origin}${path}`, { waitUntil: "networkidle" });
      let bytes = 0;
      for (const url of scripts) {
        const body = Buffer.from(await (await fetch(url)).arrayBuffer());
        bytes += gzipSync(body, { level: 9 }).length;
      }
      result.set(path, { kb: Math.round((bytes / 1024) * 10) / 10, scripts: scripts.size });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { pages: result, cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ") };
}

/** Lighthouse (mobile) on one page; `cookie` signs the page's requests in. */
async function lighthouseScores(origin: string, path: string, cookie?: string) {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
  try {
    const result = await lighthouse(`${origin}${path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError)
      console.warn(`Lighthouse could not measure ${path}: ${runtimeError.code} ${runtimeError.message}`);
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0),
      tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? 0),
      cls: Math.round((audits["cumulative-layout-shift"]?.numericValue ?? 0) * 1000) / 1000,
      failing: Object.values(audits).filter(
        (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary",
      ).length,
    };
  } finally {
    chrome.kill();
  }
}

const server = await startServer({
  DATA_DIR: "memory://",
  ADMIN_EMAIL: benchAdmin.email,
  ADMIN_PASSWORD: benchAdmin.password,
});
const rows: Row[] = [];
const portalRows: Row[] = [];
try {
  const js = (await jsAtLoad(server.origin, paths)).pages;
  for (const path of paths) {
    const measured = js.get(path) ?? { kb: 0, scripts: 0 };
    const row: Row = { path, jsGzipKb: measured.kb, scripts: measured.scripts };
    if (runLighthouse) row.lighthouse = await lighthouseScores(server.origin, path);
    rows.push(row);
    const lh = row.lighthouse;
    console.log(
      [
        path.padEnd(36),
        `JS ${String(row.jsGzipKb).padStart(5)} KB gz (${row.scripts} files)`,
        lh ? `perf ${lh.performance} a11y ${lh.accessibility} bp ${lh.bestPractices} seo ${lh.seo}` : "",
        lh ? `LCP ${lh.lcpMs} ms TBT ${lh.tbtMs} ms CLS ${lh.cls}` : "",
      ].join("  "),
    );
  }
  if (runPortal) {
    const portal = (await jsAtLoad(server.origin, portalPaths, benchAdmin)).pages;
    console.log("\nThe portal, signed in as an admin (first load of each page):");
    for (const path of portalPaths) {
      const measured = portal.get(path) ?? { kb: 0, scripts: 0 };
      portalRows.push({ path, jsGzipKb: measured.kb, scripts: measured.scripts });
      console.log(`${path.padEnd(36)}  JS ${String(measured.kb).padStart(5)} KB gz (${measured.scripts} files)`);
    }
    const docs = await jsAtLoad(
      server.origin,
      docsPages.map((page) => page.path),
      benchAdmin,
    );
    console.log("\nThe docs, signed in as an admin (first load of each page):");
    for (const { path, budgetKb, reading } of docsPages) {
      const measured = docs.pages.get(path) ?? { kb: 0, scripts: 0 };
      portalRows.push({ path, jsGzipKb: measured.kb, scripts: measured.scripts });
      const mark = measured.kb <= budgetKb ? "✓" : "✗ over budget";
      // The reading pages, signed in: SEO is marked down by design, as they ask not to be indexed.
      const lh = runLighthouse && reading ? await lighthouseScores(server.origin, path, docs.cookie) : undefined;
      console.log(
        [
          `${path.padEnd(36)}  JS ${String(measured.kb).padStart(5)} KB gz (${measured.scripts} files)  budget ${budgetKb} KB ${mark}`,
          lh ? `perf ${lh.performance} a11y ${lh.accessibility} bp ${lh.bestPractices} seo ${lh.seo} (noindex)` : "",
          lh ? `LCP ${lh.lcpMs} ms TBT ${lh.tbtMs} ms CLS ${lh.cls}` : "",
        ].join("  "),
      );
    }
  }
} finally {
  await server.stop();
}

const maxJs = Math.max(...rows.map((row) => row.jsGzipKb));
console.log(`\nLargest JS at load on a public page: ${maxJs} KB gzip (budget 30 KB)`);
if (portalRows.length > 0) {
  const dashboard = portalRows.find((row) => row.path === "/dashboard")?.jsGzipKb ?? 0;
  const largest = Math.max(...portalRows.filter((row) => portalPaths.includes(row.path)).map((row) => row.jsGzipKb));
  console.log(
    `Dashboard first load: ${dashboard} KB gzip (budget ${portalBudgetKb} KB); largest portal page ${largest} KB gzip`,
  );
}
if (runLighthouse) {
  const min = (key: string) => Math.min(...rows.map((row) => row.lighthouse?.[key] ?? 0));
  const max = (key: string) => Math.max(...rows.map((row) => row.lighthouse?.[key] ?? 0));
  console.log(
    `Lighthouse minimum across ${rows.length} pages: performance ${min("performance")}, accessibility ${min("accessibility")}, best practices ${min("bestPractices")}, SEO ${min("seo")}; worst CLS ${max("cls")}, worst LCP ${max("lcpMs")} ms`,
  );
}
mkdirSync("bench-results", { recursive: true });
writeFileSync(
  "bench-results/site.json",
  `${JSON.stringify({ measuredAt: new Date().toISOString(), rows, portal: portalRows }, null, 2)}\n`,
);
console.log("Details: bench-results/site.json");

if (runDocs) {
  console.log("");
  // A process of its own: its first render loads shiki afresh, and nothing of the above shares its heap.
  const docs = spawnSync(
    process.execPath,
    ["scripts/bench/docs.ts", ...args.filter((arg) => arg === "--no-postgres")],
    { stdio: "inherit" },
  );
  if (docs.status !== 0) process.exitCode = docs.status ?? 1;
}
