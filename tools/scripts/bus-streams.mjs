// Creates or updates the bus's JetStream streams and every deployable's durable consumers (listed
// in libs/platform/src/bus/senders.ts). On a secured broker only the stream owner may (decision
// 0010), so run it before the deployables start and after changing stream settings or handlers:
//   NATS_URL=nats://… BUS_NAMESPACE=memoreel NATS_PASSWORD_BUS_ADMIN=… npm run bus-streams
import { ensureBusStreams } from '../../libs/platform/src/bus/nats-bus.ts';
import { STREAM_OWNER } from '../../libs/platform/src/bus/senders.ts';

const servers = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const namespace = process.env.BUS_NAMESPACE ?? 'memoreel';
const password = process.env.NATS_PASSWORD_BUS_ADMIN;
await ensureBusStreams({
  servers,
  namespace,
  credentials: password ? { user: STREAM_OWNER, password } : undefined,
});
console.log(`Streams and durable consumers of ${namespace} are ready on ${servers}`);
