import { useQuery } from '@tanstack/react-query';

export type CheckStatus = 'ok' | 'error';
export const READINESS_CHECKS = ['database', 'bus', 'storage'] as const;
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];

export interface Readiness {
  status: CheckStatus;
  checks: Partial<Record<ReadinessCheck, { status: CheckStatus }>>;
}

function isReadiness(body: unknown): body is Readiness {
  const candidate = body as Partial<Readiness> | null;
  return (
    (candidate?.status === 'ok' || candidate?.status === 'error') &&
    typeof candidate.checks === 'object' &&
    candidate.checks !== null
  );
}

export async function fetchReadiness(signal?: AbortSignal): Promise<Readiness> {
  let response: Response;
  try {
    response = await fetch('/health/status', {
      headers: { accept: 'application/json' },
      signal: signal ?? null,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error('Could not reach the server.');
  }
  // A server that is not ready answers 503 with the same body, so read it whatever the status.
  const body: unknown = await response.json().catch(() => null);
  if (!isReadiness(body)) throw new Error(`The server is not answering right now (HTTP ${response.status}).`);
  return body;
}

/** GET /health/status (the gateway's public, briefly cached readiness), refreshed while the page is open. */
export function useBackendReadiness() {
  return useQuery({
    queryKey: ['health', 'ready'],
    queryFn: ({ signal }) => fetchReadiness(signal),
    refetchInterval: 15_000,
    // A status page should show an outage at once rather than retry its way around it.
    retry: false,
  });
}
