import { Zip, ZipPassThrough } from 'fflate';

export interface ZipEntry {
  name: string;
  blob: Blob;
}

/** Names stay unique inside the zip: a second "photo-grayscale.jpg" becomes "photo-grayscale-2.jpg". */
export function uniqueNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    if (count === 1) return name;
    const dot = name.lastIndexOf('.');
    return dot > 0 ? `${name.slice(0, dot)}-${count}${name.slice(dot)}` : `${name}-${count}`;
  });
}

/**
 * One zip of every result, streamed file by file with fflate. JPEGs are already compressed, so they
 * are stored as they are (no deflate): building the zip costs little more than copying the bytes.
 */
export function zipImages(entries: readonly ZipEntry[]): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const parts: Uint8Array[] = [];
    const zip = new Zip((error, chunk, final) => {
      if (error) return reject(error);
      parts.push(chunk);
      if (final) resolve(new Blob(parts as BlobPart[], { type: 'application/zip' }));
    });
    const names = uniqueNames(entries.map((entry) => entry.name));
    (async () => {
      for (const [index, entry] of entries.entries()) {
        const file = new ZipPassThrough(names[index]!);
        zip.add(file);
        const reader = entry.blob.stream().getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          file.push(value);
        }
        file.push(new Uint8Array(0), true);
      }
      zip.end();
    })().catch(reject);
  });
}

/** Hands a file to the browser's download manager. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it starts; the URL can go shortly after.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const ZIP_FILE_NAME = 'memoreel-images.zip';
