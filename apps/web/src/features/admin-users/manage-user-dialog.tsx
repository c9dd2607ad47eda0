import { ADMIN_REASON_MAX_LENGTH } from '@memoreel/contracts';
import { higherTiers, planFor, type Tier, tierOf } from '@memoreel/domain';
import { useId, useState } from 'react';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../ui/dialog';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { TierBadge } from '../upgrade/tier-badge';
import { AccountBadges } from './account-badges';
import type { AdminUser, AdminUserProject } from './admin-users-api';
import { useAdminAuditLog, useSetProjectTier, useSetUserSignInDisabled } from './admin-users-queries';
import { auditText, displayName, formatDate } from './user-summary';

/** One user's details and the safe actions on them, each confirmed before it is sent. */
export function ManageUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl">{user && <ManageUser user={user} />}</DialogContent>
    </Dialog>
  );
}

function ManageUser({ user }: { user: AdminUser }) {
  return (
    <div className="space-y-6">
      <div className="pr-8">
        <DialogTitle className="break-words">{displayName(user)}</DialogTitle>
        <DialogDescription className="mt-1.5">
          {user.email ?? 'No e-mail'} · joined {formatDate(user.createdAt)} · last sign-in{' '}
          {formatDate(user.lastSignInAt, true)}
        </DialogDescription>
        <div className="mt-3">
          <AccountBadges user={user} />
        </div>
      </div>
      <SignInSection user={user} />
      <ProjectsSection projects={user.projects} />
      <AuditSection userId={user.id} />
    </div>
  );
}

function SignInSection({ user }: { user: AdminUser }) {
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const change = useSetUserSignInDisabled();
  const reasonId = useId();
  const disabled = user.disabledAt !== null;
  const isAdmin = user.roles.includes('admin');

  const confirm = () =>
    change.mutate(
      { userId: user.id, disabled: !disabled, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      { onSuccess: () => setConfirming(false) },
    );

  return (
    <section aria-labelledby={`${reasonId}-heading`} className="rounded-xl border p-4">
      <h3 id={`${reasonId}-heading`} className="font-medium">
        Sign-in
      </h3>
      <p className="mt-1 text-muted-foreground text-sm">
        {disabled
          ? `Disabled since ${formatDate(user.disabledAt, true)}. They see a message saying so when they try.`
          : 'Allowed. Disabling ends every session of theirs at once.'}
      </p>
      {isAdmin && !disabled ? (
        <p className="mt-3 text-sm">
          Administrators come from the configuration (ADMIN_EMAILS) and are not disabled here.
        </p>
      ) : confirming ? (
        <div className="mt-4 space-y-3">
          <div className="space-y-1.5">
            <Label htmlFor={reasonId}>Reason for the log (optional)</Label>
            <Input
              id={reasonId}
              value={reason}
              maxLength={ADMIN_REASON_MAX_LENGTH}
              onChange={(event) => setReason(event.target.value)}
              placeholder={disabled ? 'e.g. Identity confirmed by e-mail' : 'e.g. Chargeback reported'}
              autoFocus
            />
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              variant={disabled ? 'default' : 'destructive'}
              onClick={confirm}
              disabled={change.isPending}
            >
              {disabled ? 'Yes, enable sign-in' : 'Yes, disable sign-in'}
            </Button>
          </div>
        </div>
      ) : (
        <Button
          className="mt-3"
          variant={disabled ? 'default' : 'outline'}
          onClick={() => setConfirming(true)}
        >
          {disabled ? 'Enable sign-in' : 'Disable sign-in'}
        </Button>
      )}
    </section>
  );
}

function ProjectsSection({ projects }: { projects: AdminUserProject[] | null }) {
  return (
    <section aria-label="Projects" className="rounded-xl border p-4">
      <h3 className="font-medium">Projects and plan tiers</h3>
      {projects === null ? (
        <p className="mt-1 text-muted-foreground text-sm">The projects could not be loaded just now.</p>
      ) : projects.length === 0 ? (
        <p className="mt-1 text-muted-foreground text-sm">No projects.</p>
      ) : (
        <ul className="mt-3 divide-y">
          {projects.map((project) => (
            <ProjectTier key={project.id} project={project} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ProjectTier({ project }: { project: AdminUserProject }) {
  const current = tierOf(project.product);
  const options = higherTiers(current);
  const [target, setTarget] = useState<Tier | null>(null);
  const change = useSetProjectTier();
  const selectId = useId();

  return (
    <li className="py-3" data-testid="admin-user-project">
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 flex-1 truncate font-medium text-sm">{project.name}</span>
        <TierBadge tier={current} />
      </div>
      {options.length === 0 ? (
        <p className="mt-1 text-muted-foreground text-xs">Already on the highest tier.</p>
      ) : target ? (
        <div className="mt-2 space-y-2 rounded-lg bg-muted/50 p-3 text-sm">
          <p>
            Raise “{project.name}” from {planFor(current).name} to {planFor(target).name}? Tiers only go up:
            this cannot be undone here.
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button size="sm" variant="ghost" onClick={() => setTarget(null)}>
              Cancel
            </Button>
            <Button
              size="sm"
              disabled={change.isPending}
              onClick={() =>
                change.mutate({ projectId: project.id, tier: target }, { onSuccess: () => setTarget(null) })
              }
            >
              Yes, change tier
            </Button>
          </div>
        </div>
      ) : (
        <div className="mt-2 flex items-center gap-2">
          <Label htmlFor={selectId} className="sr-only">
            New tier for {project.name}
          </Label>
          <select
            id={selectId}
            defaultValue=""
            onChange={(event) => event.target.value && setTarget(tierOf(event.target.value))}
            className="h-8 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <option value="" disabled>
              Change tier to…
            </option>
            {options.map((tier) => (
              <option key={tier} value={tier}>
                {planFor(tier).name}
              </option>
            ))}
          </select>
        </div>
      )}
    </li>
  );
}

function AuditSection({ userId }: { userId: string }) {
  const log = useAdminAuditLog(userId);
  return (
    <section aria-label="Admin actions" className="rounded-xl border p-4">
      <h3 className="font-medium">Admin actions on this user</h3>
      {log.isPending ? (
        <p className="mt-1 text-muted-foreground text-sm">Loading…</p>
      ) : log.isError ? (
        <p className="mt-1 text-muted-foreground text-sm">The log could not be loaded.</p>
      ) : log.data.length === 0 ? (
        <p className="mt-1 text-muted-foreground text-sm">None yet.</p>
      ) : (
        <ul className="mt-2 space-y-1.5 text-sm" data-testid="admin-audit-log">
          {log.data.map((entry) => (
            <li key={entry.id}>
              <span>{auditText(entry)}</span>
              <span className="text-muted-foreground">
                {' '}
                — {entry.adminEmail ?? 'an admin'}, {formatDate(entry.createdAt, true)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
