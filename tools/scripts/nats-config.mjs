// Prints nats-server's `authorization` block (one user per deployable and the stream owner) from
// libs/platform/src/bus/senders.ts, for the broker's configuration or a Kubernetes secret:
//   npm run nats-config -- [--namespace memoreel] [--inline-passwords] > nats-auth.conf
// Without --inline-passwords the server reads NATS_PASSWORD_<IDENTITY> from its own environment
// (in double quotes: it parses the value as configuration, so 1234abcd would be a number);
// with it they are read here, from this script's environment, and written into the output.
import { parseArgs } from 'node:util';
import { natsServerConfig, passwordVariable } from '../../libs/platform/src/bus/nats-server-config.ts';
import { deployables, STREAM_OWNER } from '../../libs/platform/src/bus/senders.ts';

const { values } = parseArgs({
  options: {
    namespace: { type: 'string', default: 'memoreel' },
    'inline-passwords': { type: 'boolean', default: false },
  },
});

const identities = [...deployables, STREAM_OWNER];
let passwords;
if (values['inline-passwords']) {
  const missing = identities.map(passwordVariable).filter((name) => !process.env[name]);
  if (missing.length > 0) {
    console.error(`Missing ${missing.join(', ')}`);
    process.exit(1);
  }
  passwords = Object.fromEntries(identities.map((name) => [name, process.env[passwordVariable(name)]]));
}
process.stdout.write(natsServerConfig({ namespace: values.namespace, passwords }));
