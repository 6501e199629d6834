export { registerLocationRoutes } from './location.routes';
export { registerLocationLabelRoutes } from './location-labels.routes';
