export { consignorRepo } from './consignor.repo';
export { registerConsignorRoutes } from './consignor.routes';
