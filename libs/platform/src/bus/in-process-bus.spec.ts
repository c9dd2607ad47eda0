import { describeBusConformance } from '../../test/bus-conformance.js';
import { InProcessBus } from './in-process-bus.js';

describeBusConformance('in-process', {
  create: async (namespace) => new InProcessBus({ namespace }),
  dispose: (bus) => bus.close(),
});
