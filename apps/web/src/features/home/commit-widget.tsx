import { BranchesOutlined } from '@ant-design/icons';
import { Alert, Space, Tag, Tooltip, Typography } from 'antd';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useTranslation } from 'react-i18next';
import { WidgetFrame } from '../../components/widget-frame';
import { dayjs } from '../../lib/i18n/dayjs';
import { Facts } from './facts';
import { useBuildInfo } from './home.api';
import { WidgetBody } from './widget-state';
import type { WidgetProps } from './widget-types';

dayjs.extend(relativeTime);

/** A tenant-clock time with how long ago it was. */
function When({ time }: { time: string }) {
  return (
    <Tooltip title={time}>
      <span>
        {time.slice(0, 16)} <Typography.Text type="secondary">({dayjs(time).fromNow()})</Typography.Text>
      </span>
    </Tooltip>
  );
}

/** Build: the commit the running server was built from, when it was committed and built. */
export function CommitWidget({ controls }: WidgetProps) {
  const { t } = useTranslation('home');
  const info = useBuildInfo();
  const d = info.data;
  return (
    <WidgetFrame title={t('widgets.commit')} extra={controls} testId="widget-commit">
      <WidgetBody loading={info.isPending} error={info.isError} onRetry={() => void info.refetch()}>
        {d && !d.commit ? <Alert type="info" showIcon title={t('commit.unknown')} /> : null}
        {d?.commit ? (
          <Facts
            items={[
              {
                key: 'commit',
                label: t('commit.commit'),
                value: (
                  <Space size={6} wrap>
                    <Typography.Text
                      code
                      copyable={{ text: d.commit, tooltips: [t('commit.copy'), t('commit.copied')] }}
                      data-testid="build-commit"
                    >
                      {d.commit.slice(0, 12)}
                    </Typography.Text>
                    {d.branch ? (
                      <Tag icon={<BranchesOutlined />} variant="filled">
                        {d.branch}
                      </Tag>
                    ) : null}
                    {d.dirty ? <Tag color="warning">{t('commit.dirty')}</Tag> : null}
                  </Space>
                ),
              },
              ...(d.commitMessage
                ? [
                    {
                      key: 'message',
                      label: t('commit.message'),
                      value: (
                        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: d.commitMessage }} style={{ margin: 0 }}>
                          {d.commitMessage}
                        </Typography.Paragraph>
                      ),
                    },
                  ]
                : []),
              ...(d.commitTime
                ? [{ key: 'committed', label: t('commit.committed'), value: <When time={d.commitTime} /> }]
                : []),
              {
                key: 'built',
                label: t('commit.built'),
                value: d.buildTime ? <When time={d.buildTime} /> : t('commit.fromSource'),
              },
            ]}
          />
        ) : null}
      </WidgetBody>
    </WidgetFrame>
  );
}
