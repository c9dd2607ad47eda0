import { useRouterState } from '@tanstack/react-router';
import { MemoreelMark } from '../../shell/memoreel-logo';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../ui/dialog';
import { returnPathAfterAuth } from './after-sign-in';
import { useAuthModal } from './auth-modal-provider';
import { AuthViews } from './forms/auth-views';
import { ConvertAccountForm } from './forms/convert-account-form';
import { modalHeading } from './modal-heading';
import { SocialSignIn } from './social-sign-in';

/** The auth modal of spec §2: a 360 px card with the sign-in, sign-up or conversion form. */
export default function AuthModal() {
  const { state, closeAuthModal, showView } = useAuthModal();
  const pathname = useRouterState({ select: (router) => router.location.pathname });
  const returnTo = returnPathAfterAuth(pathname, state.mode);
  const heading = modalHeading(state);
  const offersGoogle = state.mode === 'convert' || state.view === 'sign_in' || state.view === 'sign_up';

  return (
    <Dialog open={state.open} onOpenChange={(open) => !open && closeAuthModal()}>
      <DialogContent className="w-[360px] px-6 pt-8 pb-6">
        <header className="grid justify-items-center gap-2 text-center">
          <MemoreelMark className="mb-1 size-10" />
          <DialogTitle>{heading.title}</DialogTitle>
          <DialogDescription>{heading.description}</DialogDescription>
          {heading.subtext && (
            <p className="rounded-full bg-primary/10 px-3 py-1 font-medium text-primary text-xs">
              {heading.subtext}
            </p>
          )}
        </header>
        <div className="mt-6 grid gap-4">
          {offersGoogle && <SocialSignIn returnTo={returnTo} converting={state.mode === 'convert'} />}
          {state.mode === 'convert' ? (
            <ConvertAccountForm onDone={closeAuthModal} />
          ) : (
            <AuthViews view={state.view} onShowView={showView} returnTo={returnTo} notice={state.notice} />
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
