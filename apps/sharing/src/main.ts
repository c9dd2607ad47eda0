import { runServiceProcess } from '@memoreel/platform';
import { sharingService } from './sharing.service-definition.js';

await runServiceProcess(sharingService);
