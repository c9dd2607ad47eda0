import { projectTierChanged } from '@memoreel/contracts';
import { eventHandlers } from '@memoreel/platform';
import { AdminUsersService } from './admin-users.service.js';

/** An admin's tier change (projects) goes in the admin audit log; the event id keeps a redelivery from logging twice. */
export const RecordAdminTierChanges = eventHandlers(AdminUsersService, (on) => [
  on(projectTierChanged, (adminUsers, event) => adminUsers.recordTierChange(event)),
]);
