/** The few parts of s3rver (an S3-compatible server for tests; it ships no types) the tests use. */
declare module "s3rver" {
  import type { AddressInfo } from "node:net";

  type Options = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  };

  /** The parts of a Koa context (s3rver is a Koa application) a middleware of the tests uses. */
  export type KoaContext = {
    method: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
    type: string;
    body: unknown;
  };

  export default class S3rver {
    constructor(options: Options);
    /** Koa's middleware, in order; composed when the server starts. */
    middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void> | void)[];
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
