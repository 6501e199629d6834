export { createConsignorRepo } from './consignor.repo';
export { registerConsignorRoutes } from './consignor.routes';
