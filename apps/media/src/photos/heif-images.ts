/** An image's size as a HEIF file declares it ('ispe' property). */
export interface HeifImageSize {
  width: number;
  height: number;
}

/**
 * The size of every image a HEIF/HEIC file declares (primary, others, thumbnails, tiles, auxiliary),
 * read from its boxes without decoding: each is checked against the pixel cap, since a decoder may
 * pick an image other than the primary. Undefined when the boxes are not whole.
 */
export function heifImageSizes(file: Uint8Array): HeifImageSize[] | undefined {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const meta = childBoxes(view, 0, file.byteLength)?.find((box) => box.type === 'meta');
  // 'meta' is a full box: its children start after version and flags.
  const iprp = meta && childBoxes(view, meta.start + 4, meta.end)?.find((box) => box.type === 'iprp');
  const ipco = iprp && childBoxes(view, iprp.start, iprp.end)?.find((box) => box.type === 'ipco');
  const properties = ipco && childBoxes(view, ipco.start, ipco.end);
  if (!properties) return undefined;
  const sizes: HeifImageSize[] = [];
  for (const box of properties) {
    if (box.type !== 'ispe') continue;
    // Full box: version and flags, then width and height as 32-bit integers.
    if (box.end - box.start < 12) return undefined;
    sizes.push({ width: view.getUint32(box.start + 4), height: view.getUint32(box.start + 8) });
  }
  return sizes;
}

interface Box {
  type: string;
  /** Where its content starts (after the header) and ends. */
  start: number;
  end: number;
}

/** The boxes from `start` to `end`; undefined when one runs past the end. */
function childBoxes(view: DataView, start: number, end: number): Box[] | undefined {
  const boxes: Box[] = [];
  let offset = start;
  while (offset + 8 <= end) {
    let size = view.getUint32(offset);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > end) return undefined;
      size = Number(view.getBigUint64(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < header || offset + size > end) return undefined;
    const type = String.fromCharCode(
      view.getUint8(offset + 4),
      view.getUint8(offset + 5),
      view.getUint8(offset + 6),
      view.getUint8(offset + 7),
    );
    boxes.push({ type, start: offset + header, end: offset + size });
    offset += size;
  }
  return boxes;
}
