import { projectMessages, upgradeMessages } from '@memoreel/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { GraphQLRequestError } from '../../lib/graphql';
import { purchaseKeys } from '../purchases/purchases-api';
import { fetchUpgradeOptions, purchaseUpgrade, type UpgradeOptions } from '../upgrade/upgrade-api';
import { createInitialProject } from './initial-project';
import {
  createProject,
  deleteProject,
  fetchProject,
  fetchProjectCount,
  fetchProjects,
  type ProjectListItem,
  renameProject,
} from './project-api';

const MINUTE = 60_000;
/** Spec §9 caches. */
const PROJECTS_STALE_MS = 5 * MINUTE;
const PROJECTS_KEPT_MS = 10 * MINUTE;
/** How long the list, the count and each project are fresh, and kept once unused. */
const PROJECTS_CACHE = { staleTime: PROJECTS_STALE_MS, gcTime: PROJECTS_KEPT_MS };
const UPGRADE_OPTIONS_STALE_MS = 5 * MINUTE;
const UPGRADE_OPTIONS_KEPT_MS = 30 * MINUTE;
const PROJECT_LOAD_ATTEMPTS = 3;

export const projectKeys = {
  all: ['projects'] as const,
  list: () => [...projectKeys.all, 'list'] as const,
  count: () => [...projectKeys.all, 'count'] as const,
  detail: (id: string) => [...projectKeys.all, 'detail', id] as const,
  upgradeOptions: (id: string) => ['upgrade-options', id] as const,
};

/** Errors asking again cannot fix (spec §8 "Project load"). */
const FINAL_PROJECT_ERRORS = new Set(['NOT_FOUND', 'UNAUTHORIZED', 'FORBIDDEN', 'VALIDATION_FAILED']);

export function shouldRetryProjectLoad(failureCount: number, error: Error): boolean {
  if (error instanceof GraphQLRequestError && FINAL_PROJECT_ERRORS.has(error.code)) return false;
  return failureCount < PROJECT_LOAD_ATTEMPTS;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function useProjects() {
  return useQuery({
    queryKey: projectKeys.list(),
    queryFn: ({ signal }) => fetchProjects(signal),
    ...PROJECTS_CACHE,
  });
}

export function useProject(id: string) {
  return useQuery({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => fetchProject(id, signal),
    ...PROJECTS_CACHE,
    retry: shouldRetryProjectLoad,
  });
}

export function useProjectCount() {
  return useQuery({
    queryKey: projectKeys.count(),
    queryFn: ({ signal }) => fetchProjectCount(signal),
    ...PROJECTS_CACHE,
  });
}

/** Refreshes every project query: the list, the count and open projects. */
function useRefreshProjects() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: projectKeys.all });
}

export function useCreateProject() {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () => {
      toast.success(projectMessages.toasts.created);
      return refresh();
    },
    // The limit message tells people what to do, so it is shown as it is (spec §8).
    onError: (error) => {
      const message = messageOf(error);
      if (message.toLowerCase().includes('limit')) toast.error(message);
      else toast.error(projectMessages.toasts.createFailed, { description: message });
    },
  });
}

/** Spec §4 "Initial project creation", for the projects page of a user with none. */
export function useCreateInitialProject() {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: createInitialProject,
    onSuccess: (project) => {
      if (project.created) toast.success(projectMessages.toasts.firstProjectCreated);
      return refresh();
    },
    onError: (error) =>
      toast.error(projectMessages.toasts.initialProjectFailed, { description: messageOf(error) }),
  });
}

export function useRenameProject() {
  const queryClient = useQueryClient();
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => renameProject(id, name),
    // The card shows the new name at once; the refetch confirms it.
    onSuccess: (project) => {
      queryClient.setQueryData<ProjectListItem[]>(projectKeys.list(), (projects) =>
        projects?.map((each) => (each.id === project.id ? { ...each, name: project.name } : each)),
      );
      toast.success(projectMessages.toasts.renamed);
      return refresh();
    },
    onError: (error) => toast.error(projectMessages.toasts.renameFailed, { description: messageOf(error) }),
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: ({ id }) => {
      queryClient.setQueryData<ProjectListItem[]>(projectKeys.list(), (projects) =>
        projects?.filter((project) => project.id !== id),
      );
      queryClient.removeQueries({ queryKey: projectKeys.detail(id) });
      toast.success(projectMessages.toasts.deleted);
      return refresh();
    },
    onError: (error) => toast.error(projectMessages.toasts.deleteFailed, { description: messageOf(error) }),
  });
}

/** Spec §8: a failed fetch falls back to free with nothing to offer, after saying so. */
const NO_UPGRADE_OPTIONS: UpgradeOptions = { currentTier: 'free', upgradeOptions: [] };

export function useUpgradeOptions(projectId: string) {
  return useQuery({
    queryKey: projectKeys.upgradeOptions(projectId),
    queryFn: async ({ signal }) => {
      try {
        return await fetchUpgradeOptions(projectId, signal);
      } catch (error) {
        if (signal.aborted) throw error;
        toast.error(upgradeMessages.optionsFailed, { description: messageOf(error) });
        return NO_UPGRADE_OPTIONS;
      }
    },
    staleTime: UPGRADE_OPTIONS_STALE_MS,
    gcTime: UPGRADE_OPTIONS_KEPT_MS,
  });
}

/** Starts a checkout; the dialog decides what each refusal means to the user. */
export function usePurchaseUpgrade() {
  return useMutation({
    mutationFn: ({
      projectId,
      productId,
      promoCode,
    }: {
      projectId: string;
      productId: string;
      promoCode?: string;
    }) => purchaseUpgrade(projectId, productId, promoCode ?? null),
  });
}

/** Spec §9: after a payment the tier changes by webhook, so options are asked for again a second later. */
const UPGRADE_REFETCH_DELAY_MS = 1_000;

export function useRefreshAfterPayment() {
  const queryClient = useQueryClient();
  return (projectId: string) => {
    void queryClient.invalidateQueries({ queryKey: projectKeys.all });
    void queryClient.invalidateQueries({ queryKey: purchaseKeys.all });
    setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: projectKeys.upgradeOptions(projectId) }),
      UPGRADE_REFETCH_DELAY_MS,
    );
  };
}
