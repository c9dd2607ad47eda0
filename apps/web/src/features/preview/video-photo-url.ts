import type { Photo } from '../photos/photos-api';

/**
 * The photo URL the video draws: the 1920-px derivative with its filter baked in (`urls.video`,
 * when the gateway offers it), else the 1600-px carousel size; null until thumbnails exist.
 */
export function videoUrlOf(photo: Pick<Photo, 'urls'>): string | null {
  const urls = photo.urls as (Photo['urls'] & { video?: string | null }) | null;
  return urls?.video ?? urls?.carousel ?? null;
}
