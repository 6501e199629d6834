/**
 * Stable error codes sent in `extras.errorCode`. Clients may rely on them; messages are translated on the
 * server by `Accept-Language`. Never rename one; add new ones at the end of their group.
 */
export const ERROR_CODES = {
  validation: 400,
  badRequest: 400,
  malformedJson: 400,
  unknownSortField: 400,
  unauthorized: 401,
  tokenInvalid: 401,
  tokenExpired: 401,
  sessionRevoked: 401,
  forbidden: 403,
  notFound: 404,
  routeNotFound: 404,
  conflict: 409,
  duplicateCode: 409,
  staleVersion: 409,
  sysFlagProtected: 409,
  hasChildren: 409,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  rateLimited: 429,
  internal: 500,
  // authentication
  captchaRequired: 400,
  captchaInvalid: 400,
  captchaExpired: 400,
  loginFailed: 400,
  accountLocked: 400,
  accountDisabled: 400,
  noLoginPermission: 400,
  tenantDisabled: 400,
  registrationFailed: 400,
  registrationDisabled: 400,
  smsCodeInvalid: 400,
  smsTooFrequent: 429,
  passwordWrong: 400,
  passwordTooWeak: 400,
  qrExpired: 400,
  // reference data
  dictCodeEnumReserved: 400,
  menuParentInvalid: 400,
  imageInvalid: 415,
  // identity and tenancy
  defaultTenantProtected: 409,
  tenantHasData: 409,
  inUse: 409,
  orgParentInvalid: 400,
  outsideDataScope: 403,
  accountTypeNotAllowed: 403,
  selfAction: 400,
  grantOutsideCeiling: 400,
  switchTenantDenied: 403,
  importInvalidFile: 400,
  // warehouse master data
  locationCodesTaken: 409,
  generateTooMany: 400,
  labelsTooMany: 400,
  // stock snapshots and pick records
  importInvalidCsv: 400,
  snapshotInUse: 409,
  // notices, messages and online users
  noticeNotDraft: 409,
  noticeNotPublished: 409,
  noticePublishedNoDelete: 409,
  forceOfflineSelf: 400,
} as const;

/** One stable error code. */
export type ErrorCode = keyof typeof ERROR_CODES;
