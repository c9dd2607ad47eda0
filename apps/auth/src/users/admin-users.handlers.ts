import { listAdminAuditLog, listUsersForAdmin, setUserSignInDisabled } from '@memoreel/contracts';
import { requestHandlers } from '@memoreel/platform';
import { AdminUsersService } from './admin-users.service.js';

export const AdminUsersHandlers = requestHandlers(AdminUsersService, (answer) => [
  answer(listUsersForAdmin, (adminUsers, { actor, data }) => adminUsers.list(actor, data)),
  answer(setUserSignInDisabled, (adminUsers, { actor, data }) => adminUsers.setSignInDisabled(actor, data)),
  answer(listAdminAuditLog, (adminUsers, { actor, data }) => adminUsers.auditLog(actor, data)),
]);
