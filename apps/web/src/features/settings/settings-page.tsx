import { mfaMessages, type User } from '@memoreel/contracts';
import { TwoFactorSection } from './two-factor-section';

/** `/settings` (replacing the menu's disabled "Settings"): for now, two-factor sign-in. */
export function SettingsPage({ user }: { user: User }) {
  return (
    <section className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <title>Settings · Memoreel</title>
      <h1 className="font-display font-medium text-3xl tracking-tight">{mfaMessages.settings.title}</h1>
      <TwoFactorSection user={user} />
    </section>
  );
}
