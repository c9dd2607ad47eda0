import { parseBuffer } from 'music-metadata';

/** The containers accepted, as music-metadata names them, with the type a browser plays them as. */
const ACCEPTED: readonly { container: RegExp; format: string; contentType: string }[] = [
  { container: /^MPEG$/, format: 'MPEG', contentType: 'audio/mpeg' },
  { container: /^WAVE$/, format: 'WAVE', contentType: 'audio/wav' },
  { container: /^ADTS\b/, format: 'ADTS', contentType: 'audio/aac' },
  { container: /^M4A\b/, format: 'M4A', contentType: 'audio/mp4' },
];

export type AudioVerdict =
  | {
      ok: true;
      /** MPEG, WAVE, ADTS or M4A, whatever the file was called. */
      format: string;
      contentType: string;
      /** Seconds. */
      duration: number;
      /** From the file's tags, when it has them. */
      artist: string | null;
    }
  | { ok: false; refusal: 'notAudio' | 'noDuration' };

/**
 * What an uploaded file is, from its content: music-metadata sniffs the container from the bytes
 * (an executable renamed .mp3 is not MPEG) and reads the duration, scanning MP3 frames when the
 * header does not say it.
 */
export async function readAudio(bytes: Uint8Array): Promise<AudioVerdict> {
  const metadata = await parseBuffer(bytes, undefined, { duration: true, skipCovers: true }).catch(
    () => undefined,
  );
  const container = metadata?.format.container ?? '';
  const accepted = ACCEPTED.find((each) => each.container.test(container));
  if (!metadata || !accepted) return { ok: false, refusal: 'notAudio' };
  const duration = metadata.format.duration;
  if (!duration || !Number.isFinite(duration) || duration <= 0) return { ok: false, refusal: 'noDuration' };
  const artist = metadata.common.artist?.trim();
  return {
    ok: true,
    format: accepted.format,
    contentType: accepted.contentType,
    duration: Math.round(duration * 1000) / 1000,
    artist: artist ? artist.slice(0, 200) : null,
  };
}
