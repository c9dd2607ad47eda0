import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../ui/dialog';
import { photosContent } from './photos-content';

const text = photosContent.animate;

interface ReplaceMotionDialogProps {
  open: boolean;
  /** Whose motion would go, in a sentence. */
  description: string;
  /** The ways on, the last the main one (Replace; or Keep mine, Replace all). */
  choices: { label: string; onChoose: () => void }[];
  onCancel: () => void;
}

/** Auto motion asks before it replaces a start and end the user set (spec: never without asking). */
export function ReplaceMotionDialog({ open, description, choices, onCancel }: ReplaceMotionDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && onCancel()}>
      <DialogContent className="sm:max-w-md" role="alertdialog">
        <DialogTitle>{text.replaceTitle}</DialogTitle>
        <DialogDescription className="mt-2">{description}</DialogDescription>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onCancel}>
            {text.cancel}
          </Button>
          {choices.map((choice, i) => (
            <Button
              key={choice.label}
              variant={i === choices.length - 1 ? 'default' : 'outline'}
              onClick={choice.onChoose}
            >
              {choice.label}
            </Button>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
