/**
 * s3rver in a process of its own, as a storage server is (MinIO runs apart from the services and the
 * browser): prints its address as one JSON line, then serves until its stdin closes.
 */
import { startS3Server } from '@memoreel/testing';

const server = await startS3Server();
const { stop, ...address } = server;
process.stdout.write(`${JSON.stringify(address)}\n`);
process.stdin.resume();
process.stdin.on('end', () => void stop().then(() => process.exit(0)));
