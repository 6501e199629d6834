import { AccountTypeEnum, enumLabel } from '@shelfwise/contract/enums';
import { Avatar, Descriptions, Space, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { WidgetFrame } from '../../components/widget-frame';
import { useAuthImage } from '../../lib/api/use-auth-image';
import { dayjs } from '../../lib/i18n/dayjs';
import { useTheme } from '../../lib/theme/theme-store';
import { useUserInfo } from '../auth/session.api';
import { longDate } from './long-date';
import type { WidgetProps } from './widget-types';

function greetingKey(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

/** Welcome widget: greeting by time of day, the user's organisation and position, account type, today. */
export function WelcomeWidget({ controls }: WidgetProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const language = useTheme((s) => s.language);
  const { data: user } = useUserInfo();
  const name = user?.realName || user?.account || '';
  const avatar = useAuthImage(user?.avatar);
  const now = dayjs();
  return (
    <WidgetFrame title={t('home.welcome.title')} extra={controls} testId="widget-welcome">
      <Space size={16} align="start">
        <Avatar size={56} src={avatar} style={{ background: token.colorPrimary, fontSize: 24 }}>
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t(`home.welcome.${greetingKey(now.hour())}`, { name })}
          </Typography.Title>
          <Typography.Text type="secondary">
            {user?.orgName && user.posName
              ? t('home.welcome.orgPos', { org: user.orgName, pos: user.posName })
              : user?.orgName || user?.posName || null}
          </Typography.Text>
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
            {t('home.welcome.lastHint')}
          </Typography.Paragraph>
        </div>
      </Space>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 3 }}
        style={{ marginTop: 16 }}
        items={[
          {
            key: 'type',
            label: t('home.welcome.role'),
            children: user ? (enumLabel(AccountTypeEnum, user.accountType, language) ?? String(user.accountType)) : '',
          },
          { key: 'account', label: t('login.account'), children: user?.account },
          {
            key: 'date',
            label: t('home.welcome.date'),
            children: longDate(now, language),
          },
        ]}
      />
    </WidgetFrame>
  );
}
