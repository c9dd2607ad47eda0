import {
  createLogger,
  createStorage,
  env,
  loadConfigOrExit,
  postgresAdapter,
  storageEnvironment,
} from '@memoreel/platform';
import { z } from 'zod';
import { PrismaClient } from '../generated/prisma/client.js';
import { musicEnvironment } from './music.config.js';
import { seedShippedMusic } from './seed-shipped-music.js';

const seedEnvironment = z.object({ DATABASE_URL: env.postgresUrl(), LOG_LEVEL: env.logLevel() });

/**
 * `node dist/main.js seed` (the cluster's counterpart of standalone's seeding at start, run after
 * `migrate`): adds the shipped tracks not added before, then exits.
 */
export async function runSeedCommand(): Promise<void> {
  const config = loadConfigOrExit(seedEnvironment);
  const music = loadConfigOrExit(musicEnvironment);
  const storage = createStorage(loadConfigOrExit(storageEnvironment));
  const logger = createLogger({ service: 'render', level: config.LOG_LEVEL });
  const database = new PrismaClient({
    adapter: postgresAdapter({ databaseUrl: config.DATABASE_URL, schema: 'render' }),
  });
  try {
    const outcome = await seedShippedMusic({
      database,
      storage,
      logger,
      ffmpegPath: music.FFMPEG_PATH,
    });
    logger.info({ added: outcome.added }, `added ${outcome.added.length} shipped music track(s)`);
  } finally {
    await database.$disconnect();
  }
}
