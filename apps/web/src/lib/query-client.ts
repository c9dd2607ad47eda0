import { QueryClient } from '@tanstack/react-query';
import { GraphQLRequestError } from './graphql';

// A GraphQL error with a code is the server's considered answer; asking again would not change it.
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof GraphQLRequestError && error.code !== 'NETWORK_ERROR') return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
