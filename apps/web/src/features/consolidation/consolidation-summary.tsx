import { ClearOutlined, DatabaseOutlined, NodeIndexOutlined, PieChartOutlined } from '@ant-design/icons';
import { Card, Col, Flex, Progress, Row, Statistic, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Plan } from './consolidation.api';
import './consolidation.texts';

/** A quantity with at most three decimals, grouped by thousands. */
export const qty = (n: number) => n.toLocaleString(undefined, { maximumFractionDigits: 3 });
/** A fill in % with at most two decimals. */
export const pct = (n: number) => `${n.toLocaleString(undefined, { maximumFractionDigits: 2 })} %`;

function Figure({
  title,
  value,
  hint,
  icon,
  color,
  testId,
  children,
}: {
  title: string;
  value: ReactNode;
  hint?: ReactNode;
  icon: ReactNode;
  color: string;
  testId: string;
  children?: ReactNode;
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
        <Flex vertical style={{ minWidth: 0, flex: 1 }}>
          <Statistic
            title={title}
            valueRender={() => (
              <span style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`${testId}-value`}>
                {value}
              </span>
            )}
          />
          {children}
          {hint ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {hint}
            </Typography.Text>
          ) : null}
        </Flex>
      </Flex>
    </Card>
  );
}

/** The plan in four figures: moves, units moved, locations freed, fill before and after. */
export function ConsolidationSummary({ plan }: { plan: Plan }) {
  const { t } = useTranslation('consolidation');
  const { token } = theme.useToken();
  const x = plan.totals;
  return (
    <Row gutter={[12, 12]} data-testid="consolidation-summary">
      <Col xs={24} sm={12} xl={6}>
        <Figure
          testId="summary-moves"
          title={t('summary.moves')}
          value={qty(x.moves)}
          hint={t('summary.candidates', { count: x.candidates, groups: x.groups })}
          icon={<NodeIndexOutlined />}
          color={token.colorPrimary}
        />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Figure
          testId="summary-units"
          title={t('summary.unitsMoved')}
          value={qty(x.unitsMoved)}
          hint={t('summary.unitsHint', { total: qty(x.quantity) })}
          icon={<DatabaseOutlined />}
          color={token.colorInfo}
        />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Figure
          testId="summary-freed"
          title={t('summary.freed')}
          value={qty(x.freed)}
          hint={t('summary.locationsHint', { before: x.candidates, after: x.locationsAfter })}
          icon={<ClearOutlined />}
          color={token.colorSuccess}
        />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Figure
          testId="summary-fill"
          title={t('summary.fill')}
          value={`${pct(x.fillBefore)} → ${pct(x.fillAfter)}`}
          icon={<PieChartOutlined />}
          color={token.colorWarning}
        >
          <Progress
            percent={Math.min(100, x.fillAfter)}
            success={{ percent: Math.min(100, x.fillBefore) }}
            showInfo={false}
            size="small"
            aria-label={t('summary.fillHint', { before: x.fillBefore, after: x.fillAfter })}
          />
        </Figure>
      </Col>
    </Row>
  );
}
