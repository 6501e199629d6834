import { Button, Divider, Drawer, Input, InputNumber, message, Segmented, Select, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMES } from '../../components/language-switch';
import { useUserInfo } from '../../features/auth/session.api';
import { TenantSwitch } from '../../features/platform/tenant-switch';
import { DEFAULT_THEME, type ThemeConfig, useTheme } from '../../lib/theme/theme-store';
import { ColorField } from './color-field';
import { LayoutThumbs } from './layout-thumbs';
import { useSettingsDrawer } from './settings-open';
import './settings.texts';

const MENU_PRESETS = ['#001529', '#1f2937', '#0F59A4', '#2f3447', '#ffffff', '#f5f7fa'];
const TOP_PRESETS = ['#ffffff', '#f5f7fa', '#001529', '#0F59A4', '#1f2937', '#13315c'];
const PRIMARY_PRESETS = ['#0F59A4', '#1677ff', '#13c2c2', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1', '#f5222d'];

/** One labelled setting: the label on the left, the control on the right. */
function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12, minHeight: 36 }}>
      <Typography.Text style={{ flex: 1, minWidth: 0 }}>{label}</Typography.Text>
      <div style={{ flex: 'none' }}>{children}</div>
    </div>
  );
}

/** A switch row bound to one boolean of the theme config. */
function Toggle({ field, label }: { field: keyof ThemeConfig; label: string }) {
  const value = useTheme((s) => s[field]) as boolean;
  const set = useTheme((s) => s.set);
  return (
    <Row label={label}>
      <Switch aria-label={label} checked={value} onChange={(v) => set({ [field]: v })} />
    </Row>
  );
}

function Group({ title }: { title: string }) {
  return (
    <Divider titlePlacement="start" orientationMargin={0} style={{ margin: '18px 0 8px' }}>
      <span style={{ fontSize: 13, fontWeight: 600 }}>{title}</span>
    </Divider>
  );
}

/** The settings drawer: every option of the theme config (docs/web-shell.md#start-up-and-settings), applied at once and kept in local storage. */
export default function SettingsDrawer() {
  const { t } = useTranslation('settings');
  const { open, setOpen } = useSettingsDrawer();
  const cfg = useTheme();
  const set = cfg.set;
  const [toast, holder] = message.useMessage();
  const { data: me } = useUserInfo();
  const colour = (field: 'primary' | 'menuBar' | 'topBar', presets: string[]) => (
    <ColorField value={cfg[field]} label={t(field)} presets={presets} onChange={(hex) => set({ [field]: hex })} />
  );
  return (
    <Drawer
      title={t('title')}
      open={open}
      onClose={() => setOpen(false)}
      size={360}
      styles={{ body: { paddingTop: 4 } }}
      footer={
        <Button
          block
          danger
          onClick={() => {
            cfg.reset();
            void toast.success(t('resetDone'));
          }}
        >
          {t('reset')}
        </Button>
      }
    >
      {holder}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('hint')}
      </Typography.Text>

      {me?.accountType === 999 ? (
        <>
          <Group title={t('groupTenant')} />
          <Row label={t('switchTenant')}>
            <TenantSwitch />
          </Row>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('switchTenantHint')}
          </Typography.Text>
        </>
      ) : null}

      <Group title={t('groupLayout')} />
      <LayoutThumbs />

      <Group title={t('groupTheme')} />
      <Row label={t('primary')}>{colour('primary', PRIMARY_PRESETS)}</Row>
      <Toggle field="isDark" label={t('dark')} />

      <Group title={t('groupBars')} />
      <Row label={t('menuBar')}>{colour('menuBar', MENU_PRESETS)}</Row>
      <Row label={t('topBar')}>{colour('topBar', TOP_PRESETS)}</Row>
      <Toggle field="isCollapse" label={t('collapse')} />
      <Toggle field="isUniqueOpened" label={t('uniqueOpened')} />
      <Toggle field="isFixedHeader" label={t('fixedHeader')} />
      <Toggle field="isBreadcrumb" label={t('breadcrumb')} />

      <Group title={t('groupTabs')} />
      <Toggle field="isTagsview" label={t('tagsview')} />
      <Toggle field="isTagsviewIcon" label={t('tagsviewIcon')} />
      <Toggle field="isCacheTagsView" label={t('cacheTags')} />
      <Row label={t('tagsStyle')}>
        <Segmented
          size="small"
          value={cfg.tagsStyle}
          onChange={(v) => set({ tagsStyle: v as ThemeConfig['tagsStyle'] })}
          options={[
            { value: 'tags-style-one', label: t('tagsCard') },
            { value: 'tags-style-four', label: t('tagsLine') },
            { value: 'tags-style-five', label: t('tagsRound') },
          ]}
        />
      </Row>

      <Group title={t('groupEffects')} />
      <Toggle field="isFooter" label={t('footer')} />
      <Toggle field="isGrayscale" label={t('grayscale')} />
      <Toggle field="isInvert" label={t('invert')} />
      <Toggle field="isWatermark" label={t('watermark')} />
      <Row label={t('watermarkText')}>
        <Input
          style={{ width: 160 }}
          value={cfg.watermarkText}
          disabled={!cfg.isWatermark}
          placeholder={cfg.globalTitle}
          onChange={(e) => set({ watermarkText: e.target.value })}
          aria-label={t('watermarkText')}
        />
      </Row>
      <Row label={t('animation')}>
        <Select
          style={{ width: 160 }}
          value={cfg.animation}
          onChange={(v) => set({ animation: v })}
          aria-label={t('animation')}
          options={[
            { value: 'slide-right', label: t('animSlideRight') },
            { value: 'slide-left', label: t('animSlideLeft') },
            { value: 'opacitys', label: t('animFade') },
          ]}
        />
      </Row>
      <Toggle field="isLockScreen" label={t('lockScreen')} />
      <Row label={t('lockTime')}>
        <InputNumber
          style={{ width: 160 }}
          min={10}
          step={10}
          precision={0}
          value={cfg.lockScreenTime}
          disabled={!cfg.isLockScreen}
          onChange={(v) => typeof v === 'number' && v >= 10 && set({ lockScreenTime: v })}
          aria-label={t('lockTime')}
        />
      </Row>

      <Group title={t('groupGlobal')} />
      <Row label={t('globalTitle')}>
        <Input
          style={{ width: 160 }}
          value={cfg.globalTitle}
          placeholder={DEFAULT_THEME.globalTitle}
          onChange={(e) => set({ globalTitle: e.target.value })}
          aria-label={t('globalTitle')}
        />
      </Row>
      <Row label={t('copyright')}>
        <Input
          style={{ width: 160 }}
          value={cfg.copyright}
          onChange={(e) => set({ copyright: e.target.value })}
          aria-label={t('copyright')}
        />
      </Row>
      <Row label={t('language')}>
        <Select
          style={{ width: 160 }}
          value={cfg.language}
          onChange={(v) => set({ language: v })}
          aria-label={t('language')}
          options={Object.entries(NAMES).map(([value, label]) => ({ value: value as ThemeConfig['language'], label }))}
        />
      </Row>
      <Row label={t('componentSize')}>
        <Segmented
          size="small"
          value={cfg.globalComponentSize}
          onChange={(v) => set({ globalComponentSize: v as ThemeConfig['globalComponentSize'] })}
          options={[
            { value: 'large', label: t('sizeLarge') },
            { value: 'middle', label: t('sizeDefault') },
            { value: 'small', label: t('sizeSmall') },
          ]}
        />
      </Row>
    </Drawer>
  );
}
