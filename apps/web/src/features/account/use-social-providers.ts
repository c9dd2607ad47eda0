import { useQuery } from '@tanstack/react-query';
import { useAuth } from './auth-provider';

/** The sign-in providers the gateway has configured; the list changes only with a deployment. */
export function useSocialProviders() {
  const { client } = useAuth();
  return useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: () => client.listSocialProviders(),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
