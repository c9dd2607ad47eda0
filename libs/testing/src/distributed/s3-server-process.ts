/**
 * The distributed stack's S3 server in a process of its own, as MinIO runs apart from the services:
 * serves S3_PORT with its objects in S3_DIR (both kept across a restart), prints its address as one
 * JSON line, and stops when its stdin closes or on SIGTERM.
 */
import { startS3Server } from '../s3.js';

const server = await startS3Server({
  port: Number(process.env.S3_PORT ?? 0),
  directory: process.env.S3_DIR,
});
const { stop, ...address } = server;
process.stdout.write(`${JSON.stringify(address)}\n`);
const shutdown = () => void stop().then(() => process.exit(0));
process.stdin.resume();
process.stdin.on('end', shutdown);
process.once('SIGTERM', shutdown);
// A storage server outlives one bad request: s3rver can throw outside a request's handler (a client
// gone mid-transfer), and MinIO in its place would carry on. Said on stderr, so a run's log shows it.
process.on('uncaughtException', (error) => console.error('s3 server: uncaught', error));
