import { tierOf } from '@memoreel/domain';
import { ChevronLeft, ChevronRight, Search, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Input } from '../../ui/input';
import { ListLoadFailed } from '../../ui/list-load-failed';
import { SkeletonRows } from '../../ui/skeleton';
import { TierBadge } from '../upgrade/tier-badge';
import { AccountBadges } from './account-badges';
import { adminOnlyPage } from './admin-only';
import type { AdminUser } from './admin-users-api';
import { ADMIN_USERS_PER_PAGE, useAdminUsers } from './admin-users-queries';
import { ManageUserDialog } from './manage-user-dialog';
import { displayName, formatDate, highestTier, pageCount, pageRangeText } from './user-summary';

/** /admin/users (spec §2 "Manage Users"). The auth and projects services refuse non-admins whatever this shows. */
export const AdminUsersPage = adminOnlyPage('Manage Users', ManageUsers);

/** Typing waits this long before searching, so each keystroke is not a request. */
const SEARCH_DELAY_MS = 300;

function ManageUsers() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [managing, setManaging] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const users = useAdminUsers(search, page);
  const total = users.data?.total ?? 0;
  const pages = pageCount(ADMIN_USERS_PER_PAGE, total);
  const selected = users.data?.users.find((user) => user.id === managing) ?? null;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <title>Manage Users · Memoreel</title>
      <h1 className="font-display font-medium text-3xl tracking-tight">Manage Users</h1>
      <p className="mt-2 text-muted-foreground">
        Find an account, see its plan and projects, change a project's tier or bar its sign-in. Every change
        is logged with your name.
      </p>

      <search className="relative mt-8 block max-w-md">
        <Search
          aria-hidden="true"
          className="-translate-y-1/2 absolute top-1/2 left-3 size-4 text-muted-foreground"
        />
        <Input
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder="Search by e-mail or name"
          aria-label="Search users by e-mail or name"
          className="pl-9"
          maxLength={200}
        />
      </search>

      <Card className="mt-6 overflow-hidden">
        <div className="flex items-center gap-2 border-b px-4 py-3 text-muted-foreground text-sm sm:px-6">
          <Users aria-hidden="true" className="size-4 text-primary" />
          <span aria-live="polite">
            {users.data ? pageRangeText(page, ADMIN_USERS_PER_PAGE, total) : 'Loading users…'}
          </span>
        </div>
        {users.isPending ? (
          <SkeletonRows count={3} className="space-y-3 p-4" rowClassName="h-12" />
        ) : users.isError ? (
          <ListLoadFailed things="users" />
        ) : users.data.users.length === 0 ? (
          <p className="px-6 py-10 text-center text-muted-foreground text-sm">
            {search ? `No user's e-mail or name contains “${search}”.` : 'No users yet.'}
          </p>
        ) : (
          <>
            <UsersTable users={users.data.users} onManage={setManaging} />
            <UsersList users={users.data.users} onManage={setManaging} />
          </>
        )}
      </Card>

      <nav aria-label="Pages of users" className="mt-4 flex items-center justify-between gap-3">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          <ChevronLeft aria-hidden="true" /> Previous
        </Button>
        <span className="text-muted-foreground text-sm">
          Page {page} of {pages}
        </span>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
          Next <ChevronRight aria-hidden="true" />
        </Button>
      </nav>

      <ManageUserDialog user={selected} onClose={() => setManaging(null)} />
    </div>
  );
}

interface UsersViewProps {
  users: AdminUser[];
  onManage: (userId: string) => void;
}

/** The table's headings, each padded and aligned as the cells below it. */
const COLUMNS = [
  { label: 'User', className: 'px-6 py-3 font-medium' },
  { label: 'Account', className: 'px-3 py-3 font-medium' },
  { label: 'Plan', className: 'px-3 py-3 font-medium' },
  { label: 'Projects', className: 'px-3 py-3 text-right font-medium' },
  { label: 'Created', className: 'px-3 py-3 font-medium' },
  { label: 'Last sign-in', className: 'px-3 py-3 font-medium' },
];

/** Wide screens: one row per user. */
function UsersTable({ users, onManage }: UsersViewProps) {
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full text-left text-sm" data-testid="admin-users-table">
        <thead className="bg-muted/40 text-muted-foreground text-xs uppercase tracking-wide">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column.label} scope="col" className={column.className}>
                {column.label}
              </th>
            ))}
            <th scope="col" className="px-6 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {users.map((user) => (
            <tr key={user.id} data-testid="admin-user-row">
              <td className="max-w-72 px-6 py-3">
                <p className="truncate font-medium">{displayName(user)}</p>
                {user.email && user.fullName && (
                  <p className="truncate text-muted-foreground text-xs">{user.email}</p>
                )}
              </td>
              <td className="px-3 py-3">
                <AccountBadges user={user} />
              </td>
              <td className="px-3 py-3">
                <PlanBadge user={user} />
              </td>
              <td className="px-3 py-3 text-right tabular-nums">{user.projects?.length ?? '–'}</td>
              <td className="whitespace-nowrap px-3 py-3">{formatDate(user.createdAt)}</td>
              <td className="whitespace-nowrap px-3 py-3">{formatDate(user.lastSignInAt, true)}</td>
              <td className="px-6 py-3 text-right">
                <Button variant="outline" size="sm" onClick={() => onManage(user.id)}>
                  Manage<span className="sr-only"> {displayName(user)}</span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: one card per user, the same facts stacked. */
function UsersList({ users, onManage }: UsersViewProps) {
  return (
    <ul className="divide-y md:hidden" data-testid="admin-users-list">
      {users.map((user) => (
        <li key={user.id} className="space-y-2 px-4 py-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="truncate font-medium">{displayName(user)}</p>
              {user.email && user.fullName && (
                <p className="truncate text-muted-foreground text-xs">{user.email}</p>
              )}
            </div>
            <Button variant="outline" size="sm" onClick={() => onManage(user.id)}>
              Manage<span className="sr-only"> {displayName(user)}</span>
            </Button>
          </div>
          <div className="flex flex-wrap items-center gap-1.5">
            <AccountBadges user={user} />
            <PlanBadge user={user} />
          </div>
          <dl className="grid grid-cols-3 gap-2 text-xs">
            <div>
              <dt className="text-muted-foreground">Projects</dt>
              <dd className="tabular-nums">{user.projects?.length ?? '–'}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Created</dt>
              <dd>{formatDate(user.createdAt)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Last sign-in</dt>
              <dd>{formatDate(user.lastSignInAt)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function PlanBadge({ user }: { user: AdminUser }) {
  if (!user.projects) return <span className="text-muted-foreground">–</span>;
  return <TierBadge tier={tierOf(highestTier(user.projects))} />;
}
