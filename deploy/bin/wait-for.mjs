// Waits until every host:port in WAIT_FOR (comma-separated) or the arguments accepts a TCP
// connection, for at most WAIT_FOR_SECONDS (default 300). The migration job runs it first: with
// values-dev.yaml the database and the broker start with the same release.
import { connect } from 'node:net';

const targets = (
  process.argv.slice(2).length > 0 ? process.argv.slice(2) : (process.env.WAIT_FOR ?? '').split(',')
)
  .map((target) => target.trim())
  .filter(Boolean);
const deadline = Date.now() + Number(process.env.WAIT_FOR_SECONDS ?? 300) * 1000;

function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2000 });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

for (const target of targets) {
  const at = target.lastIndexOf(':');
  const host = target.slice(0, at);
  const port = Number(target.slice(at + 1));
  while (!(await reachable(host, port))) {
    if (Date.now() > deadline) {
      console.error(JSON.stringify({ level: 'error', msg: `${target} did not answer in time` }));
      process.exit(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  console.log(JSON.stringify({ level: 'info', msg: `${target} answers` }));
}
