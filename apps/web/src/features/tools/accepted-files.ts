/**
 * What the dropzone takes (spec §2 and §5: jpeg, jpg, png, gif, webp) plus HEIC/HEIF photos from
 * phones, and the spec's generic drop messages for the rest.
 */
export const ACCEPTED_TYPES: Record<string, readonly string[]> = {
  'image/jpeg': ['.jpeg', '.jpg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'image/heic': ['.heic'],
  'image/heif': ['.heif'],
};

/** For the file picker's accept attribute. */
export const ACCEPT_ATTRIBUTE = Object.entries(ACCEPTED_TYPES)
  .flatMap(([type, extensions]) => [type, ...extensions])
  .join(',');

const EXTENSIONS = Object.values(ACCEPTED_TYPES).flat();

/** No photo is this big; anything larger is refused before it is read into memory. */
export const MAX_FILE_BYTES = 100 * 1024 * 1024;
/** How many images one selection may hold. */
export const MAX_FILES = 100;

export const FILE_TYPE_MESSAGE = `File type must be ${EXTENSIONS.join(', ')}`;
export const FILE_TOO_LARGE_MESSAGE = `File is larger than ${MAX_FILE_BYTES} bytes`;
export const FILE_TOO_SMALL_MESSAGE = 'File is smaller than 1 bytes';
export const TOO_MANY_FILES_MESSAGE = 'Too many files';

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/** Phones label HEIC inconsistently (often with no type at all), so the extension counts too. */
export function isHeicFile(file: Pick<File, 'name' | 'type'>): boolean {
  return (
    /^image\/hei[cf](-sequence)?$/.test(file.type) || ['.heic', '.heif'].includes(extensionOf(file.name))
  );
}

function typeProblem(file: Pick<File, 'name' | 'type'>): boolean {
  const extension = extensionOf(file.name);
  if (isHeicFile(file)) return false;
  const extensions = ACCEPTED_TYPES[file.type];
  // A known image type whose name has an odd extension is still fine; an unknown type is not.
  return !extensions && !(file.type === '' && EXTENSIONS.includes(extension));
}

export interface Selection {
  accepted: File[];
  refused: { name: string; message: string }[];
}

/** Splits dropped or picked files into those the tools take and those they refuse, with why. */
export function selectFiles(files: readonly File[], alreadySelected: number): Selection {
  const selection: Selection = { accepted: [], refused: [] };
  for (const file of files) {
    let message: string | null = null;
    if (typeProblem(file)) message = FILE_TYPE_MESSAGE;
    else if (file.size > MAX_FILE_BYTES) message = FILE_TOO_LARGE_MESSAGE;
    else if (file.size < 1) message = FILE_TOO_SMALL_MESSAGE;
    else if (alreadySelected + selection.accepted.length >= MAX_FILES) message = TOO_MANY_FILES_MESSAGE;
    if (message) selection.refused.push({ name: file.name, message });
    else selection.accepted.push(file);
  }
  return selection;
}
