import type { Logger } from 'pino';
import type { Bus } from '../bus/bus.js';

/** What the host hands a service, identical in distributed and standalone mode. */
export interface ServiceContext {
  /** The service name: its Postgres schema, its bus queue group, its log and trace name. */
  name: string;
  bus: Bus;
  databaseUrl: string;
  logger: Logger;
  /**
   * The service's own settings, validated by the service at start (`loadConfig(schema, env)`):
   * `process.env` in distributed mode, composed by the host in standalone mode.
   */
  env: Record<string, string | undefined>;
}

export const SERVICE_CONTEXT = Symbol('SERVICE_CONTEXT');
export const BUS = Symbol('BUS');
export const LOGGER = Symbol('LOGGER');
