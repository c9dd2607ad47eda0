export { createGatewayApp } from './create-gateway.js';
export {
  gatewayEnvironment,
  graphqlIntrospection,
  introspectionEnabled,
  trustProxy,
} from './gateway.config.js';
export type { GatewayContext } from './gateway.context.js';
export { GatewayModule } from './gateway.module.js';
export { listenOps, type OpsServer } from './http/ops-server.js';
