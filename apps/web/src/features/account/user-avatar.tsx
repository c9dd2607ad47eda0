import { authMessages, type User } from '@memoreel/contracts';
import { UserRound } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/button';
import { navLabels } from './auth-labels';

/** Spec §2: the name, else the e-mail, else "Anonymous User". */
export function displayNameOf(user: User): string {
  return user.userMetadata.fullName?.trim() || user.email || authMessages.avatar.anonymous;
}

function initialsOf(user: User): string | null {
  const name = user.userMetadata.fullName?.trim();
  if (name) {
    const words = name.split(/\s+/);
    return `${words[0]?.[0] ?? ''}${words.length > 1 ? (words.at(-1)?.[0] ?? '') : ''}`.toUpperCase();
  }
  return user.email?.[0]?.toUpperCase() ?? null;
}

/** A round badge with the user's initials, or a person outline for a guest. */
export function UserAvatar({ user, className }: { user: User; className?: string }) {
  const initials = initialsOf(user);
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid size-8 place-items-center rounded-full bg-primary/15 font-medium text-primary text-sm ring-1 ring-primary/20',
        className,
      )}
    >
      {initials ?? <UserRound className="size-4" />}
    </span>
  );
}

/** The avatar menu's button; also its stand-in while the menu loads, so nothing shifts. */
export function AvatarButton({ user, ...props }: { user: User } & ComponentProps<'button'>) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="rounded-full"
      aria-label={navLabels.accountMenu}
      data-user-id={user.id}
      data-anonymous={user.isAnonymous || undefined}
      {...props}
    >
      <UserAvatar user={user} />
    </Button>
  );
}
