import { PHOTO_CONTENT_TYPES, PHOTO_EXTENSIONS, photoMessages } from '@memoreel/domain';
import { ImagePlus, Smartphone } from 'lucide-react';
import { FileDropzone } from '../../ui/file-dropzone';
import { IconTile } from '../../ui/icon-tile';
import { photosContent } from './photos-content';

const ACCEPT = [...PHOTO_CONTENT_TYPES, ...PHOTO_EXTENSIONS].join(',');
const text = photosContent.addPhotos;

/** Drop photos here or press to pick them (spec §2 step 1); inactive while an upload runs. */
export function PhotoDropzone({
  onFiles,
  disabled,
}: {
  onFiles: (files: File[]) => void;
  disabled: boolean;
}) {
  return (
    <FileDropzone
      onFiles={onFiles}
      disabled={disabled}
      accept={ACCEPT}
      inputLabel={text.dropTitle}
      testId="photo-dropzone"
      inputTestId="photo-file-input"
      layout="stacked"
    >
      {({ dragging }) => (
        <>
          <IconTile icon={ImagePlus} />
          <span className="font-medium text-base">{dragging ? text.dropActive : text.dropTitle}</span>
          <span className="text-muted-foreground text-sm">{text.dropSubtitle}</span>
          <span className="text-muted-foreground/90 text-xs">{photoMessages.uploadHint}</span>
          <span className="flex items-center gap-1.5 text-muted-foreground/90 text-xs">
            <Smartphone aria-hidden="true" className="size-3.5" />
            {text.phoneNote}
          </span>
        </>
      )}
    </FileDropzone>
  );
}
