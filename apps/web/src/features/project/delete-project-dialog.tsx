import { ConfirmDeleteDialog } from '../../ui/confirm-delete-dialog';
import { useDeleteProject } from './queries';

interface DeleteProjectDialogProps {
  project: { id: string; name: string } | null;
  onClose: () => void;
}

/** Spec §2 "Delete Project": asks once, plainly, because nothing can bring the project back. */
export function DeleteProjectDialog({ project, onClose }: DeleteProjectDialogProps) {
  const remove = useDeleteProject();
  return (
    <ConfirmDeleteDialog
      open={project !== null}
      title="Delete Project"
      deleting={remove.isPending}
      onCancel={onClose}
      onConfirm={() => project && remove.mutate(project.id, { onSettled: onClose })}
    >
      Are you sure you want to delete "{project?.name}"? This action cannot be undone.
    </ConfirmDeleteDialog>
  );
}
