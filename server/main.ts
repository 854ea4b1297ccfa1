/**
 * The process entry (`npm start`). React and React Router pick their production builds
 * from NODE_ENV when they are first loaded, so it is set (to production, unless the
 * environment says otherwise) before anything else is imported.
 */
process.env.NODE_ENV ??= "production";
await import("./start.ts");
export {};
