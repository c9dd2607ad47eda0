import { runServiceProcess } from '@memoreel/platform';
import { projectsService } from './projects.service-definition.js';

await runServiceProcess(projectsService);
