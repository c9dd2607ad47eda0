import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  adminUserKeys,
  fetchAdminUsers,
  fetchAuditLog,
  setProjectTier,
  setUserSignInDisabled,
} from './admin-users-api';

export const ADMIN_USERS_PER_PAGE = 25;

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : undefined);

export function useAdminUsers(search: string, page: number) {
  return useQuery({
    queryKey: adminUserKeys.page(search, page),
    queryFn: ({ signal }) => fetchAdminUsers({ search, page, pageSize: ADMIN_USERS_PER_PAGE }, signal),
    // The old page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useAdminAuditLog(userId: string) {
  return useQuery({
    queryKey: adminUserKeys.audit(userId),
    queryFn: ({ signal }) => fetchAuditLog(userId, signal),
  });
}

export function useSetUserSignInDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserSignInDisabled,
    onSuccess: (user) => {
      toast.success(user.disabledAt ? 'Sign-in disabled; their sessions have ended' : 'Sign-in enabled');
      return queryClient.invalidateQueries({ queryKey: adminUserKeys.all });
    },
    onError: (error) => toast.error('The change was not saved', { description: reasonOf(error) }),
  });
}

export function useSetProjectTier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setProjectTier,
    onSuccess: () => {
      toast.success('Plan tier changed');
      return queryClient.invalidateQueries({ queryKey: adminUserKeys.all });
    },
    onError: (error) => toast.error('The tier was not changed', { description: reasonOf(error) }),
  });
}
