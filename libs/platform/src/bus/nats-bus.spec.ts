import { deleteNamespaceStreams, NATS_URL } from '@memoreel/testing';
import { describeBusConformance } from './bus.conformance.js';
import { connectNatsBus } from './nats-bus.js';

describeBusConformance('nats', {
  create: (namespace) => connectNatsBus({ servers: NATS_URL, namespace, name: 'conformance' }),
  dispose: async (bus, namespace) => {
    await bus.close();
    await deleteNamespaceStreams(namespace);
  },
});
