export { SharingModule } from './sharing.module.js';
export { sharingService } from './sharing.service-definition.js';
