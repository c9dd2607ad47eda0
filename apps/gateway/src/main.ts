import {
  connectNatsBus,
  createLogger,
  loadConfigOrExit,
  natsCredentialsOf,
  onShutdown,
  startTelemetry,
} from '@memoreel/platform';
import { createGatewayApp } from './create-gateway.js';
import { gatewayEnvironment, introspectionEnabled } from './gateway.config.js';
import { listenOps } from './http/ops-server.js';

const config = loadConfigOrExit(gatewayEnvironment);
const telemetry = startTelemetry({
  serviceName: 'gateway',
  otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
  sentryDsn: config.SENTRY_DSN,
});
const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL });
const bus = await connectNatsBus({
  servers: config.NATS_URL,
  namespace: config.BUS_NAMESPACE,
  name: 'gateway',
  credentials: natsCredentialsOf(config),
});
const app = await createGatewayApp({
  bus,
  logger,
  webDistDir: config.WEB_DIST_DIR,
  publicUrl: config.PUBLIC_URL,
  introspection: introspectionEnabled(config),
  trustProxy: config.TRUST_PROXY,
  connectSources: config.CONNECT_SOURCES,
  liveLimits: {
    ...(config.LIVE_SOCKETS_PER_IP ? { socketsPerIp: config.LIVE_SOCKETS_PER_IP } : {}),
    ...(config.LIVE_SOCKETS_TOTAL ? { socketsTotal: config.LIVE_SOCKETS_TOTAL } : {}),
  },
});
await app.listen(config.PORT, config.HOST);
const ops = await listenOps({ bus }, config.OPS_PORT, config.HOST);
logger.info(`gateway listening on ${config.HOST}:${config.PORT} (health and metrics on port ${ops.port})`);

onShutdown(async () => {
  await app.close();
  await ops.close();
  await bus.close();
  await telemetry.shutdown();
});
