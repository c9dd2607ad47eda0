import type { Logger } from 'pino';
import type { Bus } from '../bus/bus.js';

/** What the host hands a service, identical in distributed and standalone mode. */
export interface ServiceContext {
  /** The service name: its Postgres schema, its bus queue group, its log and trace name. */
  name: string;
  bus: Bus;
  databaseUrl: string;
  logger: Logger;
}

export const SERVICE_CONTEXT = Symbol('SERVICE_CONTEXT');
export const BUS = Symbol('BUS');
export const LOGGER = Symbol('LOGGER');
