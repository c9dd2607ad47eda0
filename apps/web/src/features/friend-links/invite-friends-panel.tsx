import { FRIEND_LINK_DEFAULT_DAYS } from '@memoreel/contracts';
import { Copy, Link2, Users } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { copyLinkToClipboard } from '../shares/copy-link';
import { useCreateFriendLink, useDeactivateFriendLink, useFriendLinks } from './friend-link-queries';
import { friendLinkText as text } from './friend-link-text';
import { type FriendLink, friendUploadUrl } from './friend-links-api';

const EXPIRY_CHOICES = [1, 3, FRIEND_LINK_DEFAULT_DAYS, 14, 30] as const;

const copyLink = (link: FriendLink) => copyLinkToClipboard(friendUploadUrl(link.id));

const statusOf = (link: FriendLink) =>
  !link.isActive ? text.inactive : Date.parse(link.expiresAt) <= Date.now() ? text.expired : null;

/** Step 1: create upload links for friends, copy them, see when they expire, switch them off. */
export function InviteFriendsPanel({ projectId }: { projectId: string }) {
  const links = useFriendLinks(projectId);
  const create = useCreateFriendLink(projectId);
  const deactivate = useDeactivateFriendLink(projectId);
  const [days, setDays] = useState<number>(FRIEND_LINK_DEFAULT_DAYS);

  return (
    <section aria-labelledby="invite-friends" className="grid gap-3 rounded-xl border bg-card p-4">
      <div className="flex items-start gap-3">
        <Users aria-hidden="true" className="mt-0.5 size-5 text-primary" />
        <div>
          <h2 id="invite-friends" className="font-medium">
            {text.inviteTitle}
          </h2>
          <p className="text-muted-foreground text-sm">{text.inviteDescription}</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2 text-sm">
          {text.expiresIn}
          <select
            value={days}
            onChange={(event) => setDays(Number(event.target.value))}
            className="rounded-md border bg-background px-2 py-1 text-sm"
          >
            {EXPIRY_CHOICES.map((n) => (
              <option key={n} value={n}>
                {text.days(n)}
              </option>
            ))}
          </select>
        </label>
        <Button size="sm" disabled={create.isPending} onClick={() => create.mutate(days)}>
          <Link2 aria-hidden="true" /> {text.createLink}
        </Button>
      </div>
      {links.data && links.data.length === 0 && (
        <p className="text-muted-foreground text-sm">{text.noLinks}</p>
      )}
      {links.data && links.data.length > 0 && (
        <ul className="grid gap-2" aria-label="Upload links">
          {links.data.map((link) => {
            const status = statusOf(link);
            return (
              <li key={link.id} className="flex flex-wrap items-center gap-2 rounded-lg border p-2 text-sm">
                <code className="min-w-0 flex-1 truncate text-xs">{friendUploadUrl(link.id)}</code>
                <span className="text-muted-foreground text-xs">
                  {status ?? text.expires(link.expiresAt)}
                </span>
                {!status && (
                  <>
                    <Button size="sm" variant="outline" onClick={() => void copyLink(link)}>
                      <Copy aria-hidden="true" /> {text.copy}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={deactivate.isPending}
                      onClick={() => deactivate.mutate(link.id)}
                    >
                      {text.deactivate}
                    </Button>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
