import { loadConfigOrExit, runServiceProcess, storageEnvironment } from '@memoreel/platform';
import { mediaService } from './media.service-definition.js';

// Its object storage is part of media's environment: a bad one ends the process with the list of problems.
if (process.argv[2] !== 'migrate') loadConfigOrExit(storageEnvironment);
await runServiceProcess(mediaService);
