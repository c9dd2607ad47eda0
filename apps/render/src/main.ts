import { runServiceProcess } from '@memoreel/platform';
import { runSeedCommand } from './music/seed-command.js';
import { renderService } from './render.service-definition.js';

// `node dist/main.js seed` adds the shipped music tracks; `migrate` and serving are the platform's.
if (process.argv[2] === 'seed') await runSeedCommand();
else await runServiceProcess(renderService);
