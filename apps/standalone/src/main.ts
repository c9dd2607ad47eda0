import { createLogger, loadConfigOrExit, onShutdown, startTelemetry } from '@memoreel/platform';
import { standaloneEnvironment } from './standalone.config.js';
import { startStandalone } from './start-standalone.js';

const config = loadConfigOrExit(standaloneEnvironment);
const telemetry = startTelemetry({
  serviceName: 'memoreel',
  otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
  sentryDsn: config.SENTRY_DSN,
});
const logger = createLogger({ service: 'memoreel', level: config.LOG_LEVEL });

const app = await startStandalone(config, logger);
onShutdown(async () => {
  await app.close();
  await telemetry.shutdown();
});
const devMail = app.devMailUrl ? `  Development mail:    ${app.devMailUrl}\n` : '';
process.stdout.write(`\n  Memoreel is running: ${app.url}\n${devMail}\n`);
