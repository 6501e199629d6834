import { CheckCircleFilled } from '@ant-design/icons';
import { Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { WidgetFrame } from '../../components/widget-frame';
import { useSysInfo } from '../auth/session.api';
import type { WidgetProps } from './widget-types';

const FEATURES = ['count', 'scan', 'review', 'overview'] as const;

/** About: the tenant's branding (logo, title, description) and what the product does. */
export function AboutWidget({ controls }: WidgetProps) {
  const { t } = useTranslation('home');
  const { token } = theme.useToken();
  const { data: sys } = useSysInfo();
  return (
    <WidgetFrame title={t('widgets.about')} extra={controls} testId="widget-about">
      <Flex gap={12} align="center" style={{ marginBottom: 12 }}>
        <img src={sys?.logo || '/logo.svg'} alt="" width={40} height={40} style={{ borderRadius: 8, flex: 'none' }} />
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={5} style={{ margin: 0 }} ellipsis>
            {sys?.title || 'Shelfwise'}
          </Typography.Title>
          {sys?.viceTitle ? (
            <Typography.Text type="secondary" ellipsis>
              {sys.viceTitle}
            </Typography.Text>
          ) : null}
        </div>
      </Flex>
      {sys?.viceDesc ? <Typography.Paragraph type="secondary">{sys.viceDesc}</Typography.Paragraph> : null}
      <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 6 }}>
        {FEATURES.map((f) => (
          <li key={f} style={{ display: 'flex', gap: 8, alignItems: 'baseline' }}>
            <CheckCircleFilled style={{ color: token.colorSuccess, flex: 'none' }} />
            <Typography.Text>{t(`about.features.${f}`)}</Typography.Text>
          </li>
        ))}
      </ul>
      {sys?.copyright ? (
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0', fontSize: 12 }}>
          {sys.copyright}
        </Typography.Paragraph>
      ) : null}
    </WidgetFrame>
  );
}
