export { type BucketStorage, bucketStorage } from './bucket-storage.js';
export { LocalStorage, type LocalStorageOptions } from './local-storage.js';
export { type LocalStorageRouterOptions, localStorageRouter } from './local-storage.router.js';
export { readAtMost } from './read-at-most.js';
export { type PresignedPost, S3Storage, type S3StorageOptions } from './s3-storage.js';
export {
  type GetGrant,
  type PutGrant,
  type StorageUrlGrant,
  type StorageUrlRejection,
  type StorageUrlRequest,
  type StorageUrlVerdict,
  signStorageUrl,
  verifyStorageUrl,
} from './signed-url.js';
export {
  assertValidBucket,
  assertValidKey,
  assertValidPrefix,
  bucketProblem,
  type CopyOptions,
  keyProblem,
  type ListedObject,
  type ObjectRange,
  type ObjectStat,
  type PresignGetOptions,
  type PresignPutOptions,
  type PutOptions,
  type Storage,
  StorageKeyError,
  StorageNotFoundError,
  StorageVersionMismatchError,
} from './storage.js';
export { createStorage, type StorageEnvironment, storageEnvironment } from './storage-config.js';
