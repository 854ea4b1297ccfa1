/**
 * Writes .br and .gz next to every compressible build file, so the server never
 * compresses them per request. Prerendered pages first lose the nonce placeholder: they
 * are fixed bytes, their inline scripts allowed by hash (ADR 010).
 */
import { readFile, stat, writeFile } from "node:fs/promises";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { noncePlaceholder } from "../app/lib/nonce.ts";
import { walk, withoutNonce } from "../server/http/build-files.ts";

const clientDir = new URL(`../${process.env.BUILD_DIR ?? "build"}/client/`, import.meta.url).pathname;
const compressible = /\.(js|css|svg|json|xml|txt|webmanifest|data|html)$/;

let count = 0;
for (const file of await walk(clientDir)) {
  if (!compressible.test(file) || (await stat(file)).size < 1024) continue;
  let content = await readFile(file);
  if (file.endsWith(".html")) {
    content = Buffer.from(withoutNonce(content.toString("utf8"), noncePlaceholder), "utf8");
    await writeFile(file, content);
  }
  await writeFile(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
  count += 1;
}
console.log(`precompressed ${count} files (brotli and gzip)`);
