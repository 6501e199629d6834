export { registerPickRecordRoutes } from './pick-record/pick-record.routes';
export { registerSnapshotRoutes } from './snapshot/snapshot.routes';
