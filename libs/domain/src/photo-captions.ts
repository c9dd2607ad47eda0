import { z } from 'zod';

/**
 * A photo's caption (issue 37): a name or a year under a photo, one or two lines, placed at the
 * bottom or the top, drawn with the photo (in its typeface, any script: Arabic right to left, emoji
 * in colour). One place for its limits, so the edit step, the projects service and the composition agree.
 */
export const CAPTION_LIMITS = { chars: 100, lines: 2 } as const;
export const CAPTION_PLACEMENTS = ['bottom', 'top'] as const;
export type CaptionPlacement = (typeof CAPTION_PLACEMENTS)[number];

/** Characters as a person counts them: an emoji or an accented letter is one. */
export function captionLength(text: string): number {
  return [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].length;
}

/** Each line trimmed and its runs of spaces folded; empty lines dropped. */
export function tidyCaption(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/[^\S\n]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

export const PhotoCaptionSchema = z.object({
  text: z
    .string()
    .max(CAPTION_LIMITS.chars * 8)
    .transform(tidyCaption)
    .pipe(
      z
        .string()
        .min(1)
        .refine((text) => captionLength(text) <= CAPTION_LIMITS.chars, {
          message: `A caption holds at most ${CAPTION_LIMITS.chars} characters`,
        })
        .refine((text) => text.split('\n').length <= CAPTION_LIMITS.lines, {
          message: `A caption holds at most ${CAPTION_LIMITS.lines} lines`,
        }),
    ),
  placement: z.enum(CAPTION_PLACEMENTS),
});
export type PhotoCaption = z.infer<typeof PhotoCaptionSchema>;

/** A stored caption, or null when there is none or it is malformed. */
export function parseCaption(stored: unknown): PhotoCaption | null {
  const caption = PhotoCaptionSchema.safeParse(stored);
  return caption.success ? caption.data : null;
}
