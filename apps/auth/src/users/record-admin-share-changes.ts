import { shareDeleted, shareUpdated } from '@memoreel/contracts';
import { eventHandlers } from '@memoreel/platform';
import { AdminUsersService } from './admin-users.service.js';

/** An admin's edit or deletion of someone else's share (sharing) goes in the admin audit log. */
export const RecordAdminShareChanges = eventHandlers(AdminUsersService, (on) => [
  on(shareUpdated, (adminUsers, event) => adminUsers.recordShareChange(event)),
  on(shareDeleted, (adminUsers, event) => adminUsers.recordShareChange(event)),
]);
