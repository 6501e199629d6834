import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { WidgetFrame } from '../../components/widget-frame';
import { Facts } from './facts';
import { useBuildInfo } from './home.api';
import { WidgetBody } from './widget-state';
import type { WidgetProps } from './widget-types';

/** Version: the running server's version, its runtime and database, and since when it runs. */
export function VersionWidget({ controls }: WidgetProps) {
  const { t } = useTranslation('home');
  const info = useBuildInfo();
  const d = info.data;
  return (
    <WidgetFrame title={t('widgets.version')} extra={controls} testId="widget-version">
      <WidgetBody loading={info.isPending} error={info.isError} onRetry={() => void info.refetch()}>
        {d ? (
          <Facts
            items={[
              {
                key: 'version',
                label: t('version.version'),
                value: (
                  <Typography.Text strong data-testid="build-version">
                    Shelfwise {d.version}
                  </Typography.Text>
                ),
              },
              { key: 'node', label: t('version.node'), value: `Node.js ${d.node.replace(/^v/, '')}` },
              {
                key: 'database',
                label: t('version.database'),
                value: <Tag variant="filled">{t(`version.databases.${d.database}`)}</Tag>,
              },
              { key: 'started', label: t('version.started'), value: d.startTime },
            ]}
          />
        ) : null}
      </WidgetBody>
    </WidgetFrame>
  );
}
