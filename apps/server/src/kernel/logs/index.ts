export { registerLogHooks } from './log-hooks';
export { DEFAULT_RETENTION, type LogRetention, type RetentionOptions, startLogRetention } from './log-retention';
export {
  changedFields,
  createLogService,
  type DiffEntry,
  type ExceptionEntry,
  type LogContext,
  type LogService,
  type OperationEntry,
  refusalMessage,
  type VisitEntry,
} from './log-service';
export { DEFAULT_WRITER_OPTIONS, type LogTable, type LogWriterOptions } from './log-writer';
export { MASK, maskedJson, maskValue } from './mask';
export { type ClientInfo, parseUserAgent } from './user-agent';
