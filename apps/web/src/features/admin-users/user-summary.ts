import { TIERS, type Tier, tierOf } from '@memoreel/domain';

/** How Manage Users names and sums up a user; pure, so the rules have tests of their own. */

export function displayName(user: {
  email: string | null;
  fullName: string | null;
  isAnonymous: boolean;
}): string {
  return user.fullName?.trim() || user.email || (user.isAnonymous ? 'Guest' : 'No e-mail');
}

/** A user's plan: the highest tier among their projects (tiers belong to projects), free without any. */
export function highestTier(projects: readonly { product: string }[]): Tier {
  return projects.reduce<Tier>((best, project) => {
    const tier = tierOf(project.product);
    return TIERS.indexOf(tier) > TIERS.indexOf(best) ? tier : best;
  }, 'free');
}

/** "26–50 of 132", or "No users" for an empty result. */
export function pageRangeText(page: number, pageSize: number, total: number): string {
  if (total === 0) return 'No users';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return `${first}–${last} of ${total}`;
}

export function pageCount(pageSize: number, total: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

export function formatDate(iso: string | null, withTime = false): string {
  if (!iso) return 'Never';
  return (withTime ? dateTime : dateOnly).format(new Date(iso));
}

const actionText: Record<string, string> = {
  'user.sign-in-disabled': 'Disabled sign-in',
  'user.sign-in-enabled': 'Enabled sign-in',
  'project.tier-changed': 'Changed a project tier',
  'share.updated': 'Edited a share',
  'share.deleted': 'Deleted a share',
};

/** One audit entry in a line: "Changed a project tier: free → honor". */
export function auditText(entry: { action: string; details: { name: string; value: string }[] }): string {
  const detail = Object.fromEntries(entry.details.map(({ name, value }) => [name, value]));
  const what = actionText[entry.action] ?? entry.action;
  if (detail.from && detail.to) return `${what}: ${detail.from} → ${detail.to}`;
  // A share's edit: `<field>.from` / `<field>.to` for each field that changed.
  const edits = entry.details
    .filter(({ name }) => name.endsWith('.from'))
    .map(({ name }) => name.slice(0, -'.from'.length))
    .map((field) => `${field} “${detail[`${field}.from`]}” → “${detail[`${field}.to`]}”`);
  if (edits.length > 0) return `${what}: ${edits.join(', ')}`;
  return detail.reason ? `${what}: “${detail.reason}”` : what;
}
