import { runServiceProcess } from '@memoreel/platform';
import { mediaService } from './media.service-definition.js';

await runServiceProcess(mediaService);
