export { RenderModule } from './render.module.js';
export { renderService } from './render.service-definition.js';
