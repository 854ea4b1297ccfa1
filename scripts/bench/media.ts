/**
 * The media library's budgets (issue 15), as figures: nothing here passes or fails.
 *
 * - the thumbnail of a 12-megapixel photo: the time sharp takes to make it, and the
 *   whole image pass of an upload (written again, thumbnail, AVIF and WebP sizes);
 * - uploading a 50 MB archive through the real server: its resident memory at its peak
 *   during the upload, above what it held just before;
 * - the library's first page with 5,000 files, through GraphQL in process (as the page's
 *   loader asks for it), on PGlite.
 *
 *   npm run bench:media
 */
import { request } from "node:http";
import { readFileSync } from "node:fs";
import { parse } from "graphql";
import sharp from "sharp";
import { sessionCookieName } from "../../server/auth/cookies.ts";
import { openDatabase } from "../../server/db/client.ts";
import { migrateDatabase } from "../../server/db/migrate.ts";
import { media, users } from "../../server/db/schema/index.ts";
import { cleanImage } from "../../server/domain/uploads/images.ts";
import { graphQLContext } from "../../server/graphql/context.ts";
import { createInProcessExecutor } from "../../server/graphql/execute.ts";
import { schema as graphqlSchema } from "../../server/graphql/schema.ts";
import { csrfTokenFor } from "../../server/http/security/csrf.ts";
import { createLogger } from "../../server/log.ts";
import { openFileStore } from "../../server/storage/open.ts";
import { benchPorts, prepareSignedInDatabase, startServer } from "./server.ts";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

async function thumbnails() {
  // A photo's worth of detail (noise compresses as badly as a real scene), 4000 × 3000.
  const photo = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 88 })
    .toBuffer();
  const thumbnailTimes: number[] = [];
  const wholeTimes: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    let started = performance.now();
    await sharp(photo, { limitInputPixels: 100_000_000 })
      .rotate()
      .resize(400, 400, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    thumbnailTimes.push(performance.now() - started);
    started = performance.now();
    await cleanImage(new Uint8Array(photo), "image/jpeg", "file");
    wholeTimes.push(performance.now() - started);
  }
  console.log(`12-megapixel JPEG (${(photo.byteLength / 1024 / 1024).toFixed(1)} MB):`);
  console.log(`  the thumbnail alone (400 px WebP)                 ${ms(median(thumbnailTimes))}`);
  console.log(
    `  the whole image pass (rewrite, thumbnail, sizes)  ${ms(median(wholeTimes))}  (budget 1,000 ms: the thumbnail is shown once this ends)`,
  );
}

/** The server's resident memory, from /proc (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

async function uploadMemory() {
  const prepared = await prepareSignedInDatabase("pglite");
  const server = await startServer({ ...prepared.env, LOG_LEVEL: "error" });
  try {
    const pid = server.child.pid ?? 0;
    const url = new URL("/uploads/media", server.origin);
    const size = 50 * 1024 * 1024;
    const zipHeader = Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0, 0]),
      Buffer.alloc(20),
      Buffer.from("firmware.bin"),
    ]);
    // Settle, then the baseline: the most the idle server held over a second.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    let baseline = 0;
    for (let sample = 0; sample < 20; sample += 1) {
      baseline = Math.max(baseline, rssMb(pid));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
    const started = performance.now();
    const status = await new Promise<number>((resolve, reject) => {
      const sent = request(
        url,
        {
          method: "POST",
          headers: {
            cookie: `${sessionCookieName(false)}=${prepared.token}`,
            "x-csrf-token": csrfTokenFor(prepared.token),
            "x-file-name": "firmware-50mb.zip",
            "content-length": String(size),
          },
        },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        },
      );
      sent.on("error", reject);
      // Written in 1 MB pieces as the connection takes them, as a browser sends a file.
      let written = zipHeader.byteLength;
      sent.write(zipHeader);
      const piece = Buffer.alloc(1024 * 1024, 0x5a);
      const pump = () => {
        while (written < size) {
          const next = piece.subarray(0, Math.min(piece.byteLength, size - written));
          written += next.byteLength;
          if (!sent.write(next)) {
            sent.once("drain", pump);
            return;
          }
        }
        sent.end();
      };
      pump();
    });
    clearInterval(sampler);
    const seconds = (performance.now() - started) / 1000;
    console.log(`Uploading 50 MB (an archive) through the server: ${status}, ${seconds.toFixed(1)} s`);
    console.log(
      `  resident memory: ${baseline.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most during it: +${(peak - baseline).toFixed(0)} MB  (budget +64 MB)`,
    );
  } finally {
    await server.stop();
    await prepared.drop();
  }
}

const MediaPage = parse(`
  query MediaPage($first: Int) {
    media(first: $first) {
      nodes { id kind name contentType size width height alt needsAlt url thumbnailUrl createdAt uploadedBy { id name } }
      totalCount
      totalCountIsLowerBound
      pageInfo { hasNextPage endCursor }
    }
  }
`);

async function gridPage() {
  const handle = await openDatabase({ dataDir: "memory://" });
  await migrateDatabase(handle);
  const files = await openFileStore({ s3: undefined, dataDir: "memory://" });
  try {
    const [editor] = await handle.db
      .insert(users)
      .values({ issuer: "https://bench.test", subject: "editor", name: "Bench Editor", role: "editor" })
      .returning();
    if (!editor) throw new Error("no editor");
    const started = Date.now();
    for (let batch = 0; batch < 50; batch += 1) {
      await handle.db.insert(media).values(
        Array.from({ length: 100 }, (_, index) => {
          const n = batch * 100 + index;
          return {
            kind: n % 5 === 0 ? ("document" as const) : ("image" as const),
            name: `site-photo-${n}.jpg`,
            originalName: `site-photo-${n}.jpg`,
            folder: `media/00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
            extension: "jpg",
            contentType: "image/jpeg",
            size: 200_000 + n,
            sha256: "0".repeat(64),
            width: 1600,
            height: 1200,
            variantWidths: [640, 1280],
            uploadedById: editor.id,
            createdAt: new Date(started - n * 60_000),
          };
        }),
      );
    }
    const execute = createInProcessExecutor(graphqlSchema, createLogger("error"));
    const context = () =>
      graphQLContext(
        {
          db: handle.db,
          ports: benchPorts(files),
          embeddedIssuer: null,
        },
        {
          actor: { id: editor.id, role: "editor", organizationId: null, label: "Bench Editor", via: "session" },
          sessionId: null,
          user: null,
          info: { address: null, userAgent: null },
        },
      );
    const times: number[] = [];
    for (let run = 0; run < 60; run += 1) {
      const started = performance.now();
      const result = await execute.run(MediaPage, { first: 50 }, context());
      if (result.errors) throw new Error(JSON.stringify(result.errors));
      if (run >= 10) times.push(performance.now() - started);
    }
    console.log(`The library's first page (50 of 5,000 files) on PGlite, through GraphQL in process:`);
    console.log(`  median ${ms(median(times))}, slowest ${ms(Math.max(...times))}  (budget 100 ms)`);
  } finally {
    await files.close();
    await handle.close();
  }
}

await thumbnails();
await gridPage();
await uploadMemory();
