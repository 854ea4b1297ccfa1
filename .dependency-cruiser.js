/**
 * The one-way layers (ADR 044), checked by `npm run lint:deps`.
 *
 *   app/ ─┐
 *         ├─▶ shared/          (isomorphic: contracts, places, paths, text kinds)
 * server/ ┘
 *
 * Inside server/, each layer imports only the ones below it:
 *   entry (main, start, cluster, first-start, backup, demo)
 *   http
 *   graphql
 *   auth, idp
 *   web (pages and rate limits that http and idp share)
 *   domain
 *   db, storage, markdown, mail
 *   base (config, log, metrics, node-flags)
 *
 * Inside app/: routes ▶ components ▶ lib. Test files may reach across (a test of the
 * editor's callouts reads the server's renderer); nothing in production imports tests/
 * or scripts/. Every cycle between files fails, type-only imports included.
 */

/** Tests, and the permission rows each entity keeps beside its code for them (`permissions.cases.ts`). */
const testFile = String.raw`\.(test|spec)\.tsx?$|\.cases\.ts$`;

/** The server's layers, top first. */
const serverLayers = [
  ["entry", String.raw`^server/((main|start|cluster|first-start)\.ts$|backup/|demo/)`],
  ["http", "^server/http/"],
  ["graphql", "^server/graphql/"],
  ["auth", "^server/(auth|idp)/"],
  ["web", "^server/web/"],
  ["domain", "^server/domain/"],
  ["stores", "^server/(db|storage|markdown|mail)/"],
  ["base", String.raw`^server/(config|log|metrics|node-flags)\.ts$`],
];

/** A layer never imports one above it. */
const layerRules = serverLayers.slice(1).map(([name, path], index) => ({
  name: `server-${name}-imports-down`,
  comment: `server/ ${name} imports only the layers below it: ${serverLayers
    .slice(index + 2)
    .map(([below]) => below)
    .join(", ")}, and shared/.`,
  severity: "error",
  from: { path, pathNot: testFile },
  to: { path: serverLayers.slice(0, index + 1).map(([, above]) => `(${above})`) },
}));

/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-cycle",
      comment: "Files import each other: one of them holds what both need, or a third file should.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "app-never-imports-server",
      comment: "app/ reaches the server through a route loader, action or GraphQL; shared code lives in shared/.",
      severity: "error",
      from: { path: "^app/", pathNot: testFile },
      to: { path: "^server/" },
    },
    {
      name: "server-never-imports-app",
      comment: "What the server and the app both use lives in shared/.",
      severity: "error",
      from: { path: "^server/", pathNot: testFile },
      to: { path: "^app/" },
    },
    {
      name: "shared-imports-nothing-of-ours",
      comment: "shared/ is the bottom: it imports only packages and itself.",
      severity: "error",
      from: { path: "^shared/", pathNot: testFile },
      to: { path: "^(app|server|content|scripts|tests|deploy)/" },
    },
    {
      name: "production-never-imports-tooling",
      severity: "error",
      from: { path: "^(app|server|shared)/", pathNot: testFile },
      to: { path: "^(tests|scripts|deploy)/" },
    },
    {
      name: "app-lib-imports-down",
      comment: "app/lib is the app's bottom: no components, routes or layouts.",
      severity: "error",
      from: { path: "^app/lib/", pathNot: testFile },
      to: { path: String.raw`^app/(components|routes|layouts|enhance)/|^app/(root|routes|entry\.[a-z]+)\.tsx?$` },
    },
    {
      name: "app-components-import-down",
      comment: "Components are used by routes and layouts, never the other way.",
      severity: "error",
      from: { path: "^app/components/", pathNot: testFile },
      to: { path: String.raw`^app/(routes|layouts)/|^app/(root|routes|entry\.[a-z]+)\.tsx?$` },
    },
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: String.raw`^(node_modules|build|\.react-router)/` },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json", ".d.ts"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
