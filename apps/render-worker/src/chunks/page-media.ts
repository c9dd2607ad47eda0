import {
  type MemoreelVideoProps,
  photoContentKeyFromUrl,
  type VideoCardBackground,
} from '@memoreel/video/chunks';

const STILL = { scale: 1, translateX: 0, translateY: 0, rotate: 0 };
const contentKeyOf = (url: string) =>
  photoContentKeyFromUrl({ id: '', url, transforms: { '0': STILL, '100': STILL } });

/**
 * What a render page fetches, in the order it is served by index: the photos, then each card's
 * photo background that is not one of them (a background that is a photo of the video is served
 * as that photo: the same file, at its fresh URL).
 */
export function pageMedia(props: MemoreelVideoProps): { url: string; contentKey: string }[] {
  const photos = props.photos.map((photo) => ({ url: photo.url, contentKey: photoContentKeyFromUrl(photo) }));
  const known = new Set(photos.map((photo) => photo.contentKey));
  const backgrounds = [props.opening, props.closing].flatMap((card) => {
    if (!card || !('url' in card.background)) return [];
    const contentKey = contentKeyOf(card.background.url);
    if (known.has(contentKey)) return [];
    known.add(contentKey);
    return [{ url: card.background.url, contentKey }];
  });
  return [...photos, ...backgrounds];
}

/**
 * The props as the page draws them: every photo and card background at the URL the page may reach
 * (`served(index)` of its place in `pageMedia`); data: URLs stay as they are.
 */
export function withServedMedia(
  props: MemoreelVideoProps,
  served: (index: number) => string,
): MemoreelVideoProps {
  const media = pageMedia(props);
  const at = (url: string) => {
    if (url.startsWith('data:')) return url;
    const key = contentKeyOf(url);
    const index = media.findIndex((item) => item.contentKey === key);
    return index < 0 ? url : served(index);
  };
  const move = <C extends { background: VideoCardBackground }>(card: C | undefined): C | undefined =>
    card && 'url' in card.background ? { ...card, background: { url: at(card.background.url) } } : card;
  const opening = move(props.opening);
  const closing = move(props.closing);
  return {
    ...props,
    photos: props.photos.map((photo, index) =>
      photo.url.startsWith('data:') ? photo : { ...photo, url: served(index) },
    ),
    ...(opening ? { opening } : {}),
    ...(closing ? { closing } : {}),
  };
}
