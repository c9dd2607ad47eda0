import type { DataOf, Probe, probeCompleted } from '@memoreel/contracts';
import { graphqlField } from '../../lib/graphql';
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

export function recordProbe(variables: RecordProbeVariables): Promise<Probe> {
  return graphqlField('recordProbe', RECORD_PROBE, variables);
}

export function subscribeToProbeCompleted(
  id: string,
  handlers: LiveHandlers<{ probeCompleted: ProbeCompletion }>,
) {
  return subscribeLive(PROBE_COMPLETED, { id }, handlers);
}
