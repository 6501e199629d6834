export { registerUserRoutes } from './user.routes';
export { storeOwnPicture } from './user-picture';
