export { registerReviewTaskRoutes } from './review.routes';
