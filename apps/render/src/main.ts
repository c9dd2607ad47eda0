import { runServiceProcess } from '@memoreel/platform';
import { renderService } from './render.service-definition.js';

await runServiceProcess(renderService);
