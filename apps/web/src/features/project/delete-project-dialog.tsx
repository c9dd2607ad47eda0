import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../ui/dialog';
import { useDeleteProject } from './queries';

interface DeleteProjectDialogProps {
  project: { id: string; name: string } | null;
  onClose: () => void;
}

/** Spec §2 "Delete Project": asks once, plainly, because nothing can bring the project back. */
export function DeleteProjectDialog({ project, onClose }: DeleteProjectDialogProps) {
  const remove = useDeleteProject();
  return (
    <Dialog open={project !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md" role="alertdialog">
        <DialogTitle>Delete Project</DialogTitle>
        <DialogDescription className="mt-2">
          Are you sure you want to delete "{project?.name}"? This action cannot be undone.
        </DialogDescription>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() => project && remove.mutate(project.id, { onSettled: onClose })}
          >
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
