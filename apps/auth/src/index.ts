export { AuthModule } from './auth.module.js';
export { authService } from './auth.service-definition.js';
