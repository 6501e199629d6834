export { registerTemplateRoutes } from './template.routes';
export { createTemplateService } from './template.service';
