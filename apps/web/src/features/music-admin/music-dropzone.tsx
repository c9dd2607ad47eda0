import { MUSIC_EXTENSIONS, MUSIC_FILES_PER_DROP } from '@memoreel/contracts';
import { Loader2, Music2 } from 'lucide-react';
import { FileDropzone } from '../../ui/file-dropzone';

const ACCEPT = [...MUSIC_EXTENSIONS, 'audio/mpeg', 'audio/wav', 'audio/aac', 'audio/mp4'].join(',');

/** Drop audio here or press to pick it (spec §2: .mp3, .wav, .aac, .m4a, up to 10 per drop). */
export function MusicDropzone({
  onFiles,
  uploading,
}: {
  onFiles: (files: File[]) => void;
  uploading: boolean;
}) {
  return (
    <FileDropzone
      onFiles={onFiles}
      disabled={uploading}
      accept={ACCEPT}
      inputLabel="Choose audio files"
      testId="music-dropzone"
      inputTestId="music-file-input"
      layout="inline"
      disabledClassName="disabled:cursor-wait"
    >
      {({ dragging }) => (
        <>
          <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary/10 text-primary ring-1 ring-primary/15">
            {uploading ? (
              <Loader2 aria-hidden="true" className="size-5 animate-spin" />
            ) : (
              <Music2 aria-hidden="true" className="size-5" />
            )}
          </span>
          <span className="flex flex-col gap-0.5">
            <span className="font-medium">
              {uploading
                ? 'Uploading…'
                : dragging
                  ? 'Drop to upload'
                  : 'Drop audio files here, or click to choose'}
            </span>
            <span className="text-muted-foreground text-sm">
              MP3, WAV, AAC or M4A · up to {MUSIC_FILES_PER_DROP} files at a time
            </span>
          </span>
        </>
      )}
    </FileDropzone>
  );
}
