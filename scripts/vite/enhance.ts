import { resolve } from "node:path";
import type { Plugin } from "vite";

const enhanceManifestId = "virtual:enhance-manifest";
const resolvedId = `\0${enhanceManifestId}`;

/**
 * Builds the enhancement modules of non-hydrated pages as hashed entries of the
 * client build, and hands their file names to the server build through a virtual
 * module. React Router builds the client environment before the server one, in
 * the same process, so the names are known by the time the server asks.
 */
export function enhancePlugin(entries: Record<string, string>): Plugin {
  const manifest = new Map<string, string>();
  let root = process.cwd();
  let command: "build" | "serve" = "build";
  return {
    name: "densara:enhance",
    configResolved(config) {
      root = config.root;
      command = config.command;
    },
    buildStart() {
      if (command !== "build" || this.environment.name !== "client") return;
      for (const [name, file] of Object.entries(entries)) {
        this.emitFile({ type: "chunk", id: resolve(root, file), name: `enhance-${name}` });
      }
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      for (const [name, file] of Object.entries(entries)) {
        const target = resolve(root, file);
        const chunk = Object.values(bundle).find(
          (output) => output.type === "chunk" && output.isEntry && output.facadeModuleId === target,
        );
        if (!chunk) this.error(`enhancement entry ${file} was not emitted`);
        manifest.set(name, `/${chunk.fileName}`);
      }
    },
    resolveId(id) {
      return id === enhanceManifestId ? resolvedId : null;
    },
    load(id) {
      if (id !== resolvedId) return null;
      // Only the server renders the script tags: hydrated pages never load enhancements.
      if (this.environment.name === "client") return "export default null;";
      const names =
        command === "serve"
          ? Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, `/${file}`]))
          : Object.fromEntries(manifest);
      if (Object.keys(names).length !== Object.keys(entries).length) {
        this.error("enhancement modules must be built (client environment) before the server asks for them");
      }
      return `export default ${JSON.stringify(names)};`;
    },
  };
}
