import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";

/** s3rver's fixed keys (it checks signatures made with them). */
const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/**
 * A real S3-compatible server for the tests (s3rver, over HTTP on a free port, keeping its
 * objects in a temporary folder): the AWS SDK talks to it as it would to any bucket.
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
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    credentials,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
