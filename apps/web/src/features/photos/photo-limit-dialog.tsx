import { photoMessages, photoWorkflowTexts } from '@memoreel/domain';
import { Sparkles } from 'lucide-react';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../ui/dialog';
import { photosContent } from './photos-content';
import type { PartialUpload } from './use-photo-upload';

const text = photosContent.addPhotos;

/** Spec §4: only some of the chosen photos fit the plan; upload those, upgrade, or stop. */
export function PhotoLimitDialog({
  partial,
  onConfirm,
  onCancel,
  onUpgrade,
}: {
  partial: PartialUpload | null;
  onConfirm: () => void;
  onCancel: () => void;
  onUpgrade: () => void;
}) {
  return (
    <Dialog open={partial !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent className="sm:max-w-md">
        <DialogTitle>{photoWorkflowTexts.limitDialogTitle}</DialogTitle>
        {partial && (
          <>
            <DialogDescription className="mt-2">
              {photoMessages.onlyMoreAllowed(partial.fits)}
            </DialogDescription>
            <p className="mt-3 text-sm">{text.limitDialogBody(partial.fits, partial.files.length)}</p>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="ghost" onClick={onCancel}>
                {text.cancel}
              </Button>
              <Button
                variant="outline"
                onClick={() => {
                  onCancel();
                  onUpgrade();
                }}
              >
                <Sparkles aria-hidden="true" />
                {text.upgradePlan}
              </Button>
              <Button onClick={onConfirm}>{text.uploadSome(partial.fits)}</Button>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
