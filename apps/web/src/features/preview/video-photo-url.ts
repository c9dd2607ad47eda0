import type { PreviewPhoto } from './preview-photos';

/**
 * The photo URL the video draws: the 1920-px derivative with its filter baked in (`urls.video`,
 * when the gateway offers it), else the 1600-px carousel size; null until thumbnails exist.
 */
export function videoUrlOf(photo: Pick<PreviewPhoto, 'urls'>): string | null {
  return photo.urls?.video ?? photo.urls?.carousel ?? null;
}
