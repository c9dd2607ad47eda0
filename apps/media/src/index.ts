export { MediaModule } from './media.module.js';
export { mediaService } from './media.service-definition.js';
