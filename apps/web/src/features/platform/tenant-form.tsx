import type { TFunction } from 'i18next';
import type { FieldConfig } from '../../components/crud';

/** Every IANA time zone the browser knows (UTC first). */
function timeZoneOptions() {
  const zones = Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC');
  return ['UTC', ...zones].map((z) => ({ label: z, value: z }));
}

/** The administrator fields of a new tenant. */
export function adminFields(t: TFunction): FieldConfig[] {
  return [
    {
      name: 'adminAccount',
      label: t('tenant.adminAccount'),
      required: true,
      span: 8,
      maxLength: 64,
      rules: [{ pattern: /^[A-Za-z0-9][\w.@-]*$/, message: t('user.accountRule') }],
    },
    { name: 'adminRealName', label: t('tenant.adminRealName'), span: 8, maxLength: 64 },
    {
      name: 'adminPhone',
      label: t('tenant.adminPhone'),
      span: 8,
      maxLength: 11,
      rules: [{ pattern: /^1[3-9]\d{9}$/, message: t('user.phoneRule') }],
    },
  ];
}

/** Name, host, time zone and the registration switch of a tenant. */
export function basicFields(t: TFunction, tc: TFunction): FieldConfig[] {
  const yesNo = [
    { label: tc('yes'), value: 1 },
    { label: tc('no'), value: 2 },
  ];
  return [
    { name: 'name', label: t('tenant.name'), required: true, span: 12, maxLength: 64 },
    {
      name: 'host',
      label: t('tenant.host'),
      span: 12,
      maxLength: 128,
      placeholder: 'acme.example.com',
      tooltip: t('tenant.hostHint'),
      rules: [
        {
          pattern: /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i,
          message: t('tenant.hostRule'),
        },
      ],
    },
    {
      name: 'timeZone',
      label: t('tenant.timeZone'),
      type: 'select',
      span: 12,
      options: timeZoneOptions(),
      required: true,
    },
    { name: 'enableReg', label: t('tenant.enableReg'), type: 'radio', span: 12, options: yesNo },
  ];
}

/** Branding of a tenant; the logo URL when editing. */
export function brandingFields(t: TFunction, editing: boolean): FieldConfig[] {
  return [
    { name: 'title', label: t('tenant.title'), span: 12, maxLength: 64 },
    { name: 'viceTitle', label: t('tenant.viceTitle'), span: 12, maxLength: 128 },
    ...(editing
      ? [
          {
            name: 'logo',
            label: t('tenant.logo'),
            maxLength: 512,
            placeholder: 'https://…/logo.png',
            extra: t('tenant.logoHint'),
          },
        ]
      : []),
    { name: 'viceDesc', label: t('tenant.viceDesc'), type: 'textarea', maxLength: 512 },
    { name: 'icp', label: t('tenant.icp'), span: 12, maxLength: 128 },
    { name: 'icpUrl', label: t('tenant.icpUrl'), span: 12, maxLength: 512, placeholder: 'https://' },
    { name: 'watermark', label: t('tenant.watermark'), span: 12, maxLength: 128 },
    { name: 'copyright', label: t('tenant.copyright'), span: 12, maxLength: 256 },
    { name: 'orderNo', label: t('common.orderNo'), type: 'number', span: 12 },
    { name: 'remark', label: t('common.remark'), type: 'textarea', maxLength: 256 },
  ];
}
