import { parentPort, workerData } from 'node:worker_threads';
import { SHIPPED_TRACKS } from './shipped-tracks.js';
import { interleaved } from './synthesize-track.js';

/** Composes the shipped track `workerData.key` off the service's thread and hands its PCM back. */
const { key } = workerData as { key: string };
const track = SHIPPED_TRACKS.find((shipped) => shipped.key === key);
if (!track) throw new Error(`No shipped track is called ${key}`);
const pcm = interleaved(track.compose());
parentPort?.postMessage(pcm, [pcm.buffer]);
