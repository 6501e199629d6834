export { registerSkuRoutes } from './sku.routes';
