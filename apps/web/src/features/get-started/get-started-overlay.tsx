import { authMessages } from '@memoreel/contracts';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { useLatest } from '../../lib/use-latest';
import { MemoreelMark } from '../../shell/memoreel-logo';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../ui/dialog';
import { useAuth } from '../account/auth-provider';
import { BotCheck } from '../account/bot-check/bot-check';
import { GetStartedError, setUpWorkspace } from './set-up-workspace';

/** Spec §4: the full-screen "Setting up your workspace..." step of Get Started. */
export default function GetStartedOverlay({ onClose }: { onClose: () => void }) {
  const { client } = useAuth();
  const navigate = useNavigate();
  // Captured once: a guest session created by this flow must not bring the bot check back.
  const needsBotCheck = useRef(client.getSession() === null).current;
  const closed = useRef(false);
  const running = useRef(false);

  const close = () => {
    closed.current = true;
    onClose();
  };

  const run = async (botCheck: string | null) => {
    if (running.current) return;
    running.current = true;
    try {
      const project = await setUpWorkspace(client, botCheck);
      if (closed.current) return;
      await navigate({ to: '/project/$projectId/photos', params: { projectId: project.id } });
    } catch (error) {
      const title = error instanceof GetStartedError ? error.title : authMessages.getStarted.failedToStart;
      if (!closed.current)
        toast.error(title, { description: error instanceof Error ? error.message : undefined });
    }
    close();
  };
  const runLatest = useLatest(run);

  // A signed-in user has nothing to verify: set up at once.
  useEffect(() => {
    if (!needsBotCheck) void runLatest.current(null);
  }, [needsBotCheck, runLatest]);

  return (
    <Dialog open onOpenChange={(open) => !open && close()}>
      <DialogContent
        showCloseButton={false}
        className="grid h-dvh max-h-none w-screen max-w-none place-items-center rounded-none border-0 bg-background/95 shadow-none backdrop-blur-sm"
      >
        <div className="grid w-full max-w-sm justify-items-center gap-3 text-center">
          <MemoreelMark className="mb-2 size-14 animate-pulse motion-reduce:animate-none" />
          <DialogTitle>{authMessages.getStarted.title}</DialogTitle>
          <DialogDescription>{authMessages.getStarted.description}</DialogDescription>
          <div className="mt-6 w-full max-w-xs text-left">
            {needsBotCheck ? (
              <BotCheck
                auto
                onVerified={(token) => void run(token)}
                onUnavailable={(reason) => {
                  toast.error(authMessages.getStarted.failedToStart, { description: reason });
                  close();
                }}
              />
            ) : (
              <span
                aria-hidden="true"
                className="mx-auto block size-8 animate-spin rounded-full border-4 border-primary/20 border-t-primary motion-reduce:animate-none"
              />
            )}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
