export { registerConsignorRoutes } from './consignor.routes';
