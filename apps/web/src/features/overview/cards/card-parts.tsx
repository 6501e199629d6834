import {
  CheckCircleOutlined,
  EnvironmentOutlined,
  ReloadOutlined,
  SyncOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Card, Col, Flex, Progress, Row, Statistic, Tooltip, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AccuracyText } from '../../inventory/audit/audit-cells';
import { formatPercent, formatQty } from '../../inventory/audit/audit-figures';
import type { CardFigures } from '../overview.api';
import '../overview.texts';

/** One big figure with its icon, title and a hint line. */
function Figure({
  title,
  value,
  hint,
  icon,
  color,
  testId,
}: {
  title: string;
  value: ReactNode;
  hint?: ReactNode;
  icon: ReactNode;
  color: string;
  testId: string;
}) {
  const { token } = theme.useToken();
  return (
    <Card size="small" style={{ height: '100%' }} styles={{ body: { padding: '14px 16px' } }} data-testid={testId}>
      <Flex gap={12} align="flex-start">
        <div
          style={{
            width: 40,
            height: 40,
            flex: 'none',
            borderRadius: token.borderRadiusLG,
            display: 'grid',
            placeItems: 'center',
            fontSize: 20,
            color,
            background: token.colorFillTertiary,
          }}
        >
          {icon}
        </div>
        <div style={{ minWidth: 0 }}>
          <Statistic
            title={title}
            valueRender={() => (
              <span style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`${testId}-value`}>
                {value}
              </span>
            )}
          />
          {hint ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {hint}
            </Typography.Text>
          ) : null}
        </div>
      </Flex>
    </Card>
  );
}

/** The five figures of a scope as big cards (the top of the page). */
export function TotalFigures({ figures }: { figures: CardFigures }) {
  const { t } = useTranslation('overview');
  const { token } = theme.useToken();
  return (
    <Row gutter={[12, 12]} data-testid="cards-totals">
      <Col flex="1 1 200px">
        <Figure
          testId="card-tasks"
          title={t('cards.tasksInProgress')}
          value={formatQty(figures.tasksInProgress)}
          icon={<SyncOutlined />}
          color={token.colorPrimary}
        />
      </Col>
      <Col flex="1 1 200px">
        <Figure
          testId="card-today"
          title={t('cards.countedToday')}
          value={formatQty(figures.locationsCountedToday)}
          hint={t('cards.countedTodayHint')}
          icon={<EnvironmentOutlined />}
          color={token.colorInfo}
        />
      </Col>
      <Col flex="1 1 200px">
        <Figure
          testId="card-diff"
          title={t('cards.linesWithDifference')}
          value={formatQty(figures.linesWithDifference)}
          hint={t('cards.ofCounted', { counted: formatQty(figures.linesCounted) })}
          icon={<WarningOutlined />}
          color={figures.linesWithDifference > 0 ? token.colorError : token.colorTextTertiary}
        />
      </Col>
      <Col flex="1 1 200px">
        <Figure
          testId="card-accuracy"
          title={t('cards.accuracy')}
          value={<AccuracyText value={figures.accuracy} large />}
          hint={t('cards.accuracyHint')}
          icon={<CheckCircleOutlined />}
          color={token.colorSuccess}
        />
      </Col>
      <Col flex="1 1 200px">
        <Figure
          testId="card-recount"
          title={t('cards.recountRate')}
          value={formatPercent(figures.recountRate)}
          hint={t('cards.recountRateHint')}
          icon={<ReloadOutlined />}
          color={token.colorWarning}
        />
      </Col>
    </Row>
  );
}

/** The figures of one warehouse or task in a compact grid (inside its card). */
export function MiniFigures({ figures, hideTasks }: { figures: CardFigures; hideTasks?: boolean }) {
  const { t } = useTranslation('overview');
  const { token } = theme.useToken();
  const items: { key: string; label: string; value: ReactNode }[] = [
    ...(hideTasks ? [] : [{ key: 'tasks', label: t('cards.tasksShort'), value: formatQty(figures.tasksInProgress) }]),
    { key: 'today', label: t('cards.todayShort'), value: formatQty(figures.locationsCountedToday) },
    {
      key: 'diff',
      label: t('cards.diffShort'),
      value: (
        <span style={{ color: figures.linesWithDifference > 0 ? token.colorErrorText : undefined }}>
          {formatQty(figures.linesWithDifference)}
        </span>
      ),
    },
    { key: 'accuracy', label: t('cards.accuracyShort'), value: <AccuracyText value={figures.accuracy} /> },
    { key: 'recount', label: t('cards.recountShort'), value: formatPercent(figures.recountRate) },
  ];
  return (
    <Flex justify="space-between" gap={8} wrap>
      {items.map((i) => (
        <Flex key={i.key} vertical style={{ minWidth: 64 }} data-testid={`mini-${i.key}`}>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {i.label}
          </Typography.Text>
          <span style={{ fontSize: 18, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{i.value}</span>
        </Flex>
      ))}
    </Flex>
  );
}

/** A labelled progress bar: `done` of `total`. */
export function ProgressLine({ label, done, total }: { label: string; done: number; total: number }) {
  const percent = total > 0 ? Math.floor((done * 1000) / total) / 10 : 0;
  return (
    <Tooltip title={`${formatQty(done)} / ${formatQty(total)}`}>
      <Flex vertical gap={0}>
        <Flex justify="space-between">
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {label}
          </Typography.Text>
          <Typography.Text style={{ fontSize: 12, fontVariantNumeric: 'tabular-nums' }}>
            {formatQty(done)} / {formatQty(total)}
          </Typography.Text>
        </Flex>
        <Progress percent={percent} size="small" showInfo={false} />
      </Flex>
    </Tooltip>
  );
}
