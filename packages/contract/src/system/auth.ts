import { z } from 'zod';
import { zId, zMobile } from '../common';
import { service } from '../endpoint';

/** Access and refresh token pair; also sent in the `access-token` / `x-access-token` headers. */
export const tokenPair = z.object({ accessToken: z.string(), refreshToken: z.string() });

/** The longest password a sign-in takes as typed. */
export const PASSWORD_MAX = 128;

const SM2_CIPHERTEXT = /^(?:04)?[0-9a-f]{194,1216}$/i;

/**
 * An SM2 ciphertext of a password in the form Admin.NET's front end sends (hex, C1 64 bytes, C3 32 bytes, C2 the
 * password's 1 to 512 UTF-8 bytes, optionally with the `04` point prefix). No password taken as typed has this form:
 * it is longer than any.
 */
export function isSm2Ciphertext(v: string): boolean {
  return v.length > PASSWORD_MAX && v.length <= 1218 && SM2_CIPHERTEXT.test(v);
}

/** A sign-in password: as typed (at most 128 characters), or SM2-encrypted (decrypted by the server when that is on). */
const zSignInPassword = z
  .string()
  .min(1)
  .superRefine((v, ctx) => {
    if (v.length > PASSWORD_MAX && !isSm2Ciphertext(v)) {
      ctx.addIssue({ code: 'too_big', origin: 'string', maximum: PASSWORD_MAX, inclusive: true, input: v });
    }
  });

/**
 * A captcha id: as `sysAuth/captcha` gave it, or the same digits as a JSON number (Admin.NET's clients keep it as
 * one, and send 0 before they have any captcha). 0 and '' mean none.
 */
const zCaptchaId = z
  .union([z.string().max(64), z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)])
  .transform((v) => (v === 0 || v === '' ? undefined : String(v)));

/** Account login body. `code`/`codeId` are required only when the captcha switch is on. */
export const loginInput = z.object({
  account: z.string().min(1).max(64),
  password: zSignInPassword,
  tenantId: zId.optional(),
  codeId: zCaptchaId.optional(),
  code: z.string().max(16).optional(),
});

/** Phone login body: a one-time SMS code. */
export const loginPhoneInput = z.object({
  phone: zMobile,
  code: z.string().regex(/^\d{4,8}$/),
  tenantId: zId.optional(),
});

/** Self-registration body; the captcha is always checked. */
export const registrationInput = z.object({
  account: z
    .string()
    .min(3)
    .max(32)
    .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/),
  password: z.string().min(8).max(64),
  realName: z.string().min(1).max(32),
  phone: zMobile.optional(),
  email: z.email().max(128).optional(),
  tenantId: zId.optional(),
  regWayId: zId.optional(),
  codeId: zCaptchaId,
  code: z.string().min(1).max(16),
});

/** The signed-in user as the shell needs it (docs/web-shell.md#start-up-and-settings). */
export const userInfo = z.object({
  id: z.number(),
  account: z.string(),
  realName: z.string().nullable(),
  phone: z.string().nullable(),
  idCardNum: z.string().nullable(),
  email: z.string().nullable(),
  accountType: z.number(),
  avatar: z.string().nullable(),
  address: z.string().nullable(),
  signature: z.string().nullable(),
  orgId: z.number().nullable(),
  orgName: z.string().nullable(),
  posName: z.string().nullable(),
  roleIds: z.array(z.number()),
  buttons: z.array(z.string()),
  tenantId: z.number(),
  currentTenantId: z.number(),
  watermarkText: z.string(),
});

/** Captcha challenge: a data-URI image of an arithmetic question, valid once for `expirySeconds`. */
export const captchaOutput = z.object({ id: z.string(), img: z.string(), expirySeconds: z.number() });

/** A QR sign-in ticket: `qr` encodes `url` (with the public ticket); `watchKey` stays with the waiting browser. */
export const qrTicketOutput = z.object({
  ticket: z.string(),
  watchKey: z.string(),
  qr: z.string(),
  url: z.string(),
  expirySeconds: z.number(),
});

/** Where a QR ticket stands; the token pair comes once, to the holder of the watch key, after confirmation. */
export const qrStatusOutput = z.object({
  status: z.enum(['waiting', 'confirmed', 'expired']),
  accessToken: z.string().optional(),
  refreshToken: z.string().optional(),
});

/** Authentication endpoints (docs/api-contract.md#sign-in-and-tokens). */
export const sysAuth = service('sysAuth', {
  login: {
    action: 'login',
    method: 'POST',
    permission: 'public',
    input: loginInput,
    output: tokenPair,
    summary: 'Sign in with account and password',
  },
  loginPhone: {
    action: 'loginPhone',
    method: 'POST',
    permission: 'public',
    input: loginPhoneInput,
    output: tokenPair,
    summary: 'Sign in with a mobile number and SMS code',
  },
  logout: {
    action: 'logout',
    method: 'POST',
    permission: 'authenticated',
    input: z.object({}).optional(),
    output: z.null(),
    summary: 'Sign out and revoke the session on every node',
  },
  refreshToken: {
    action: 'refreshToken',
    method: 'GET',
    permission: 'authenticated',
    input: z.object({ accessToken: z.string().min(1).max(4096) }),
    output: z.string(),
    summary: "Mint a refresh token bound to the caller's own access token",
  },
  unLockScreen: {
    action: 'unLockScreen',
    method: 'POST',
    permission: 'authenticated',
    input: z.object({ password: z.string().min(1).max(128) }),
    output: z.boolean(),
    summary: "Verify the current user's password to unlock the screen (query `password`)",
  },
  userInfo: {
    action: 'userInfo',
    method: 'GET',
    permission: 'authenticated',
    input: z.object({}),
    output: userInfo,
    summary: 'The signed-in user',
  },
  userRegistration: {
    action: 'userRegistration',
    method: 'POST',
    permission: 'public',
    input: registrationInput,
    output: z.null(),
    summary: 'Self-registration by the tenant registration scheme',
  },
  qrTicket: {
    action: 'qrTicket',
    method: 'POST',
    permission: 'public',
    input: z.object({ tenantId: zId.optional() }).optional(),
    output: qrTicketOutput,
    summary: 'A one-time QR sign-in ticket (valid 2 minutes); confirmation is pushed over Socket.IO',
  },
  qrConfirm: {
    action: 'qrConfirm',
    method: 'POST',
    permission: 'authenticated',
    input: z.object({ ticket: z.string().min(16).max(128) }),
    output: z.null(),
    summary: 'A signed-in device confirms a QR ticket: the waiting browser is signed in as the same user',
  },
  qrStatus: {
    action: 'qrStatus',
    method: 'GET',
    permission: 'public',
    input: z.object({ ticket: z.string().min(16).max(128), watchKey: z.string().min(16).max(128) }),
    output: qrStatusOutput,
    summary: 'State of a QR ticket for the waiting browser (fallback when the live push is unavailable)',
  },
  captcha: {
    action: 'captcha',
    method: 'GET',
    permission: 'public',
    input: z.object({}),
    output: captchaOutput,
    summary: 'A new arithmetic captcha',
  },
});

/** SMS code endpoints. */
export const sysSms = service('sysSms', {
  sendCode: {
    action: 'sendCode',
    method: 'POST',
    permission: 'public',
    input: z.object({ phone: zMobile }),
    output: z.object({ expirySeconds: z.number() }),
    summary: 'Send a one-time login code (at most one a minute per phone)',
  },
});

/** Login helpers of the API docs page: bare 200 or 401, and the hand-over from the signed-in web app. */
export const swagger = service('swagger', {
  checkUrl: {
    action: 'checkUrl',
    method: 'POST',
    permission: 'public',
    input: z.object({}).optional(),
    output: z.null(),
    response: 'bare',
    summary: 'Whether the API docs session cookie is valid',
  },
  submitUrl: {
    action: 'submitUrl',
    method: 'POST',
    permission: 'public',
    // `codeId`/`code`: the captcha, required only when the captcha switch is on (as for the account login)
    input: z.object({
      UserName: z.string().min(1).max(64),
      Password: z.string().min(1).max(128),
      codeId: zCaptchaId.optional(),
      code: z.string().max(16).optional(),
    }),
    output: z.null(),
    response: 'bare',
    summary: 'Sign in to the API docs (form fields UserName, Password; codeId, code when the captcha is on)',
  },
  handover: {
    action: 'handover',
    method: 'POST',
    // the one swagger helper that needs a sign-in: the web app hands its signed-in user over to the docs
    permission: 'authenticated',
    input: z.object({}).optional(),
    output: z.object({ url: z.string(), expiresIn: z.number() }),
    summary:
      'A one-time link, valid for a minute, that opens the API docs signed in as the caller and in the language of the request',
  },
});
