import { runServiceProcess } from '@memoreel/platform';
import { authService } from './auth.service-definition.js';

await runServiceProcess(authService);
