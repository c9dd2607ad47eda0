import { readAtMost } from '@memoreel/platform';
import { Injectable } from '@nestjs/common';
import { MediaDatabase } from '../database/media-database.js';
import type { PhotoEdit } from '../generated/prisma/client.js';
import { PhotosRepository } from '../photos/photos.repository.js';
import { makeThumbnails, THUMBNAIL_NAMES, thumbnailKey } from '../photos/thumbnails.js';
import { PHOTOS_BUCKET, PhotoStorage } from '../storage/photo-storage.js';

/** Signed result URLs live an hour, like photo URLs. */
const RESULT_URL_SECONDS = 3600;
/** A result PNG of a 4096-px photo with alpha can pass 30 MB. */
const MAX_RESULT_BYTES = 120 * 1024 * 1024;

/** The worker's report names the key: only `{projectId}/{editId}.png` is ever deleted for it. */
const isResultKeyOf = (editId: string, key: string) =>
  new RegExp(`^[0-9a-f-]{36}/${editId}\\.png$`).test(key);

type EditObjects = Pick<PhotoEdit, 'photoId' | 'projectId' | 'resultKey' | 'resultHash'>;

/**
 * An edit's objects in the photos bucket: the worker's result PNG at `{projectId}/{editId}.png` and
 * its thumbnails, named by its hash under the photo's folder as the photo's own will be once
 * applied; and, once applied, the photo's replaced image.
 */
@Injectable()
export class PhotoEditResults {
  constructor(
    private readonly database: MediaDatabase,
    private readonly photos: PhotosRepository,
    private readonly photoStorage: PhotoStorage,
  ) {}

  private get storage() {
    return this.photoStorage.storage;
  }

  /** The result's thumbnails, made from the PNG the worker stored. */
  async makeThumbnails(edit: PhotoEdit, contentHash: string): Promise<void> {
    const png = await readAtMost(await this.storage.get(PHOTOS_BUCKET, edit.resultKey), MAX_RESULT_BYTES);
    if (!png) throw new Error(`The object is larger than ${MAX_RESULT_BYTES} bytes`);
    const thumbnails = await makeThumbnails(png);
    const photo = { id: edit.photoId, projectId: edit.projectId, contentHash };
    for (const size of THUMBNAIL_NAMES) {
      await this.storage.put(PHOTOS_BUCKET, thumbnailKey(photo, size), thumbnails[size], {
        contentType: 'image/webp',
      });
    }
  }

  /** A result reported for an edit that is gone (with its photo, project or account) goes too. */
  async deleteOrphan(report: { editId: string; resultKey: string }): Promise<void> {
    if (isResultKeyOf(report.editId, report.resultKey))
      await this.storage.delete(PHOTOS_BUCKET, report.resultKey);
  }

  /** The PNG the worker may have stored. */
  async deletePng(edit: Pick<PhotoEdit, 'resultKey'>): Promise<void> {
    await this.storage.delete(PHOTOS_BUCKET, edit.resultKey);
  }

  /** The result and its thumbnails go; never the photo's own thumbnails while the photo stays. */
  async deleteResult(edit: EditObjects, options: { ofDeletedPhoto?: boolean } = {}): Promise<void> {
    await this.deletePng(edit);
    if (!edit.resultHash) return;
    // An edit that changed nothing has the photo's hash.
    const current = options.ofDeletedPhoto
      ? undefined
      : await this.photos.getById(this.database, edit.photoId);
    if (current?.contentHash === edit.resultHash) return;
    const result = { id: edit.photoId, projectId: edit.projectId, contentHash: edit.resultHash };
    for (const size of THUMBNAIL_NAMES) await this.storage.delete(PHOTOS_BUCKET, thumbnailKey(result, size));
  }

  /** The photo became the result: its old object, thumbnails and video derivative go. */
  async deleteReplaced(
    photo: { id: string; projectId: string; storagePath: string },
    replaced: { storagePath: string; contentHash: string | null; derivative: string | null },
  ): Promise<void> {
    if (replaced.storagePath !== photo.storagePath)
      await this.storage.delete(PHOTOS_BUCKET, replaced.storagePath);
    if (replaced.contentHash) {
      const old = { ...photo, contentHash: replaced.contentHash };
      for (const size of THUMBNAIL_NAMES) await this.storage.delete(PHOTOS_BUCKET, thumbnailKey(old, size));
    }
    if (replaced.derivative) await this.storage.delete(PHOTOS_BUCKET, replaced.derivative);
  }

  /** A signed URL of a ready result. */
  resultUrl(edit: Pick<PhotoEdit, 'resultKey'>): Promise<string> {
    return this.storage.presignGet(PHOTOS_BUCKET, edit.resultKey, { expiresInSeconds: RESULT_URL_SECONDS });
  }
}
