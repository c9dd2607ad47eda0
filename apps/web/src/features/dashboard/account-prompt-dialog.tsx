import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../ui/dialog';
import { IconTile } from '../../ui/icon-tile';
import { useAuthModal } from '../account/auth-modal-provider';
import { useAuth } from '../account/auth-provider';

/**
 * "Create a FREE Account" for guests on the dashboard and projects page: a guest's work lives in a
 * session that ends with the browser's data, so they are asked once per visit to keep it.
 */
export function AccountPromptDialog() {
  const { isAnonymous } = useAuth();
  const { openAuthModal } = useAuthModal();
  const [dismissed, setDismissed] = useState(false);
  const open = isAnonymous && !dismissed;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && setDismissed(true)}>
      <DialogContent className="text-center sm:max-w-md">
        <IconTile icon={ShieldCheck} compact className="mx-auto mb-4" />
        <DialogTitle>Create a FREE Account</DialogTitle>
        <DialogDescription className="mt-2">
          Sign up to ensure you don't lose access to your projects and videos
        </DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-center">
          <Button variant="ghost" onClick={() => setDismissed(true)}>
            Not Now
          </Button>
          <Button
            onClick={() => {
              setDismissed(true);
              openAuthModal('convert');
            }}
          >
            Create Account
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
