import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver, { type KoaContext } from "s3rver";

/** s3rver's fixed keys (it checks signatures made with them). */
const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/** The upload ids s3rver makes: 16 random bytes in hex. */
const uploadIdPattern = /^[0-9a-f]{32}$/;

/**
 * A real S3-compatible server for the tests (s3rver, over HTTP on a free port, keeping its
 * objects in a temporary folder): the AWS SDK talks to it as it would to any bucket.
 *
 * s3rver keeps a multipart upload's parts in a folder of their own until the upload is
 * completed, and answers AbortMultipartUpload with 405, so parts nobody completes stay.
 * This one answers it as S3 does: the parts go, and the upload no longer exists. The tests
 * then ask `multipartUploadsInProgress` whether a broken-off upload left any part behind.
 */
export async function startS3Server(bucket: string) {
  const directory = await mkdtemp(join(tmpdir(), "densara-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  // Where s3rver keeps the parts of the uploads in progress: a folder per upload id.
  const uploads = join(directory, bucket, "._S3rver_uploads");
  let aborted = 0;
  // Before s3rver's own routes (Koa composes its middleware when the server starts).
  server.middleware.unshift(async (ctx: KoaContext, next: () => Promise<void>) => {
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== "DELETE" || typeof uploadId !== "string") return next();
    if (!uploadIdPattern.test(uploadId) || !(await readdir(uploads).catch((): string[] => [])).includes(uploadId)) {
      ctx.status = 404;
      ctx.type = "application/xml";
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`;
      return undefined;
    }
    await rm(join(uploads, uploadId), { recursive: true, force: true });
    aborted += 1;
    ctx.status = 204;
    return undefined;
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    credentials,
    /** Where s3rver keeps its files (objects, and the parts of uploads in progress). */
    directory,
    /** Multipart uploads begun and neither completed nor aborted: their parts are still kept. */
    async multipartUploadsInProgress(): Promise<number> {
      return (await readdir(uploads).catch((): string[] => [])).length;
    },
    /** How many multipart uploads were aborted (AbortMultipartUpload) since the server started. */
    abortedUploads: () => aborted,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
