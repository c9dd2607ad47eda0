import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';

interface ConfirmDeleteDialogProps {
  open: boolean;
  title: string;
  /** What goes, and what stays, in a sentence. */
  children: ReactNode;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks once before something is deleted for good: Cancel, or a Delete that waits for the server. */
export function ConfirmDeleteDialog({
  open,
  title,
  children,
  deleting,
  onCancel,
  onConfirm,
}: ConfirmDeleteDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && onCancel()}>
      <DialogContent className="sm:max-w-md" role="alertdialog">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription className="mt-2">{children}</DialogDescription>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={deleting} onClick={onConfirm}>
            {deleting ? 'Deleting...' : 'Delete'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
