import { resolve } from 'node:path';
import { createLogger, loadConfigOrExit, onShutdown, startTelemetry } from '@memoreel/platform';
import { standaloneEnvironment } from './standalone.config.js';
import { startStandalone } from './start-standalone.js';
import { explainStartupFailure } from './startup-error.js';

const config = loadConfigOrExit(standaloneEnvironment);
const telemetry = startTelemetry({
  serviceName: 'memoreel',
  otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
  sentryDsn: config.SENTRY_DSN,
});
const logger = createLogger({ service: 'memoreel', level: config.LOG_LEVEL });

try {
  const app = await startStandalone(config, logger);
  onShutdown(async () => {
    await app.close();
    await telemetry.shutdown();
  });
  const devMail = app.devMailUrl ? `  Development mail:    ${app.devMailUrl}\n` : '';
  const ops = `  Health and metrics:  ${app.opsUrl}/health/ready, ${app.opsUrl}/metrics\n`;
  process.stdout.write(`\n  Memoreel is running: ${app.url}\n${devMail}${ops}  Stop it with Ctrl+C.\n\n`);
} catch (error) {
  const explained = explainStartupFailure(error, {
    dataDir: resolve(config.MEMOREEL_DATA_DIR),
    port: config.PORT,
  });
  if (!explained) throw error;
  process.stderr.write(`\n  Memoreel could not start: ${explained.message}\n\n`);
  await telemetry.shutdown();
  process.exit(1);
}
