export { registerTemplateRoutes } from './template.routes';
