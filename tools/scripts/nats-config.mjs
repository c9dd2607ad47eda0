// Prints nats-server's `authorization` block (one user per deployable, its permissions) from
// libs/platform/src/bus/senders.ts, for the broker's configuration or a Kubernetes secret:
//   npm run nats-config -- [--namespace memoreel] [--inline-passwords] > nats-auth.conf
// Without --inline-passwords the server reads NATS_PASSWORD_<DEPLOYABLE> from its own environment;
// with it they are read here, from this script's environment, and written into the output.
import { parseArgs } from 'node:util';
import { natsServerConfig, passwordVariable } from '../../libs/platform/src/bus/nats-server-config.ts';
import { deployables } from '../../libs/platform/src/bus/senders.ts';

const { values } = parseArgs({
  options: {
    namespace: { type: 'string', default: 'memoreel' },
    'inline-passwords': { type: 'boolean', default: false },
  },
});

let passwords;
if (values['inline-passwords']) {
  const missing = deployables.map(passwordVariable).filter((name) => !process.env[name]);
  if (missing.length > 0) {
    console.error(`Missing ${missing.join(', ')}`);
    process.exit(1);
  }
  passwords = Object.fromEntries(deployables.map((name) => [name, process.env[passwordVariable(name)]]));
}
process.stdout.write(natsServerConfig({ namespace: values.namespace, passwords }));
