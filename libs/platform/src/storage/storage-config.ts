import { z } from 'zod';
import { LocalStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';
import type { Storage } from './storage.js';

const list = z
  .string()
  .optional()
  .transform((value) =>
    value
      ? value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)
      : [],
  );

/**
 * Which object storage a service uses, from its environment: a local folder whose URLs the gateway
 * serves (standalone) or an S3 API such as MinIO (the cluster).
 */
export const storageEnvironment = z.discriminatedUnion('STORAGE_DRIVER', [
  z.object({
    STORAGE_DRIVER: z.literal('local'),
    /** The folder the gateway's `/storage` route serves from. */
    STORAGE_DIR: z.string().min(1),
    /** The HMAC key the gateway verifies URLs with (at least 32 characters). */
    STORAGE_SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters'),
    /** Where browsers reach the gateway. */
    PUBLIC_URL: z.url({ message: 'must be a valid URL (public origin of the app)' }),
  }),
  z.object({
    STORAGE_DRIVER: z.literal('s3'),
    S3_ENDPOINT: z.url({ message: 'must be a valid URL (e.g. http://minio:9000)' }),
    S3_ACCESS_KEY: z.string().min(1),
    S3_SECRET_KEY: z.string().min(1),
    S3_REGION: z.string().min(1).default('us-east-1'),
    /** Origin browsers reach the storage at, when it differs from S3_ENDPOINT. */
    S3_PUBLIC_URL: z.url().optional(),
    /** Origins allowed to PUT and GET from a browser (the SPA's). */
    S3_CORS_ORIGINS: list,
  }),
]);
export type StorageEnvironment = z.infer<typeof storageEnvironment>;

export function createStorage(config: StorageEnvironment): Storage {
  if (config.STORAGE_DRIVER === 'local') {
    return new LocalStorage({
      rootDir: config.STORAGE_DIR,
      publicBaseUrl: config.PUBLIC_URL,
      signingSecret: config.STORAGE_SIGNING_SECRET,
    });
  }
  const endpoint = new URL(config.S3_ENDPOINT);
  const useSSL = endpoint.protocol === 'https:';
  return new S3Storage({
    endPoint: endpoint.hostname,
    port: endpoint.port ? Number(endpoint.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: config.S3_ACCESS_KEY,
    secretKey: config.S3_SECRET_KEY,
    region: config.S3_REGION,
    publicUrl: config.S3_PUBLIC_URL,
    corsOrigins: config.S3_CORS_ORIGINS,
  });
}
