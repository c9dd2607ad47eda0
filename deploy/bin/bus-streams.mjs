// The image's counterpart of `npm run bus-streams`: creates or updates the bus's JetStream streams
// and every deployable's durable consumers as the stream owner (bus-admin, decision 0010) before the deployables start. Reads NATS_URL,
// BUS_NAMESPACE and NATS_PASSWORD_BUS_ADMIN (unset: a broker without authorization).
import * as platform from '@memoreel/platform';

const servers = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const namespace = process.env.BUS_NAMESPACE ?? 'memoreel';
const password = process.env.NATS_PASSWORD_BUS_ADMIN;
if (typeof platform.ensureBusStreams !== 'function') {
  console.error(JSON.stringify({ level: 'error', msg: '@memoreel/platform has no ensureBusStreams' }));
  process.exit(1);
}
await platform.ensureBusStreams({
  servers,
  namespace,
  credentials: password ? { user: platform.STREAM_OWNER, password } : undefined,
});
console.log(
  JSON.stringify({
    level: 'info',
    msg: `streams and durable consumers of ${namespace} are ready on ${servers}`,
  }),
);
process.exit(0);
