import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The part of s3rver's (untyped, CommonJS) API the harness uses. */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  store: { deleteObject(bucket: string, key: string): Promise<void> };
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string; configs: string[] }[];
}) => S3rverInstance;

const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;

export interface S3ServerOptions {
  /** Buckets created before the server answers. */
  buckets?: readonly string[];
  /** Origins given a GET/PUT/POST CORS rule on those buckets (s3rver takes CORS in its bucket config). */
  corsOrigins?: readonly string[];
  /** A fixed port (default: a free one), e.g. to restart a stopped server where clients expect it. */
  port?: number;
  /** Where the objects are kept (default: a throwaway folder); one given here is left on `stop()`. */
  directory?: string;
}

export interface S3Server {
  endPoint: string;
  port: number;
  useSSL: false;
  region: string;
  accessKey: string;
  secretKey: string;
  /** Stops the server and deletes its data. */
  stop(): Promise<void>;
}

/**
 * An S3-compatible server (s3rver) on loopback with a random port and a throwaway folder. It does not
 * check signatures (only that the access key is `S3RVER`) and lacks ListMultipartUploads.
 */
export async function startS3Server({
  buckets = [],
  corsOrigins = [],
  port: fixedPort = 0,
  directory: givenDirectory,
}: S3ServerOptions = {}): Promise<S3Server> {
  const directory = givenDirectory ?? (await mkdtemp(join(tmpdir(), 'memoreel-s3-')));
  const cors = corsOrigins.length > 0 ? [corsConfiguration(corsOrigins)] : [];
  const server = new S3rver({
    address: '127.0.0.1',
    port: fixedPort,
    directory,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: cors })),
  });
  tolerateConcurrentDeletes(server);
  const { port } = await server.run();
  return {
    endPoint: '127.0.0.1',
    port,
    useSSL: false,
    region: 'us-east-1',
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    async stop() {
      await server.close();
      if (!givenDirectory) await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * s3rver prunes emptied folders after each delete and answers 500 when a concurrent delete (its own
 * multi-object delete runs them in parallel) pruned the folder first. The objects are gone by then.
 */
function tolerateConcurrentDeletes({ store }: S3rverInstance): void {
  const deleteObject = store.deleteObject.bind(store);
  store.deleteObject = (bucket, key) =>
    deleteObject(bucket, key).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    });
}

function corsConfiguration(origins: readonly string[]): string {
  const allowedOrigins = origins.map((origin) => `<AllowedOrigin>${origin}</AllowedOrigin>`).join('');
  const allowedMethods = ['GET', 'HEAD', 'PUT', 'POST']
    .map((m) => `<AllowedMethod>${m}</AllowedMethod>`)
    .join('');
  return `<CORSConfiguration><CORSRule>${allowedOrigins}${allowedMethods}<AllowedHeader>*</AllowedHeader></CORSRule></CORSConfiguration>`;
}
