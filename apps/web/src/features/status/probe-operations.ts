import type { DataOf, Probe, probeCompleted } from '@memoreel/contracts';
import { graphqlRequest } from '../../lib/graphql';
import { type LiveHandlers, subscribeLive } from '../../lib/graphql-ws';

export type { Probe };
export type ProbeCompletion = DataOf<typeof probeCompleted>;

const RECORD_PROBE = /* GraphQL */ `
  mutation RecordProbe($id: ID!, $note: String!) {
    recordProbe(id: $id, note: $note) { id note recordedAt }
  }
`;

const PROBE_COMPLETED = /* GraphQL */ `
  subscription ProbeCompleted($id: ID!) {
    probeCompleted(id: $id) { id note recordedAt consumedAt deliveries }
  }
`;

export interface RecordProbeVariables {
  id: string;
  note: string;
}

export async function recordProbe(variables: RecordProbeVariables): Promise<Probe> {
  const data = await graphqlRequest<{ recordProbe: Probe }, RecordProbeVariables>(RECORD_PROBE, variables);
  return data.recordProbe;
}

export function subscribeToProbeCompleted(
  id: string,
  handlers: LiveHandlers<{ probeCompleted: ProbeCompletion }>,
) {
  return subscribeLive(PROBE_COMPLETED, { id }, handlers);
}
