import { SETTING } from '../../../kernel/settings/settings';

/** A built-in configuration row. */
export interface ConfigSeed {
  code: string;
  name: string;
  value: string;
  groupCode: string;
  remark: string;
}

/** Built-in parameters (sysFlag 1: cannot be deleted). `captcha` follows SEED_CAPTCHA on the first seed. */
export function configSeed(captchaOn: boolean): ConfigSeed[] {
  return [
    {
      code: SETTING.captcha,
      name: 'Login captcha',
      value: String(captchaOn),
      groupCode: 'Login',
      remark: 'true/false',
    },
    {
      code: SETTING.secondVer,
      name: 'Second verification (drag slider)',
      value: 'false',
      groupCode: 'Login',
      remark: 'true/false',
    },
    {
      code: SETTING.hideTenantForLogin,
      name: 'Hide the tenant selector on the login page',
      value: 'false',
      groupCode: 'Login',
      remark: 'true/false',
    },
    {
      code: SETTING.singleLogin,
      name: 'Single sign-in (a new sign-in ends older sessions)',
      value: 'false',
      groupCode: 'Login',
      remark: 'true/false',
    },
    {
      code: SETTING.domainLogin,
      name: 'Directory (LDAP) sign-in',
      value: 'false',
      groupCode: 'Login',
      remark: 'true/false',
    },
    {
      code: SETTING.sm2Password,
      name: 'SM2-encrypted sign-in passwords (Admin.NET clients)',
      value: 'false',
      groupCode: 'Login',
      remark: 'true/false; the public key: GET /api/sysConfig/smPublicKey',
    },
    {
      code: SETTING.accessTokenMinutes,
      name: 'Access token lifetime (minutes)',
      value: '30',
      groupCode: 'Token',
      remark: 'at least 1',
    },
    {
      code: SETTING.refreshTokenMinutes,
      name: 'Refresh token lifetime (minutes)',
      value: '10080',
      groupCode: 'Token',
      remark: 'at least 5; renewed on every refresh',
    },
    {
      code: SETTING.passwordMaxErrors,
      name: 'Wrong passwords before the address is refused',
      value: '5',
      groupCode: 'Password',
      remark: 'at least 1; per account and client address (the account itself only slows down, it never locks)',
    },
    {
      code: SETTING.passwordLockMinutes,
      name: 'Refused address time (minutes)',
      value: '30',
      groupCode: 'Password',
      remark: 'at least 1; an administrator unlocking the account lifts it',
    },
    {
      code: SETTING.passwordMinLength,
      name: 'Minimum password length',
      value: '8',
      groupCode: 'Password',
      remark: 'letters and digits required',
    },
    {
      code: SETTING.logRetentionDays,
      name: 'Log retention (days)',
      value: '180',
      groupCode: 'Log',
      remark: 'older logs are removed by the clean-up job',
    },
    { code: SETTING.opLog, name: 'Operation log', value: 'true', groupCode: 'Log', remark: 'true/false' },
  ];
}
