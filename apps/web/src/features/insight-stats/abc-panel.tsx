import { CheckOutlined } from '@ant-design/icons';
import { App, Button, Flex, InputNumber, Popconfirm, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Auth } from '../../components/crud';
import { ABC_COLORS } from './pick-heatmap';
import { type PickSummary, useWriteAbc, type WriteAbcInput } from './stats.api';
import { fmtNumber } from './stats-format';

const LETTERS = ['A', 'B', 'C'] as const;

/**
 * The ABC proposal: thresholds (A = top a %, B up to b % of picks), proposed beside current class counts, the
 * current -> proposed matrix, and the write of the proposed classes to the locations.
 */
export function AbcPanel({
  summary,
  thresholds,
  onThresholds,
  writeInput,
}: {
  summary: PickSummary | undefined;
  thresholds: { aPct: number; bPct: number };
  onThresholds: (v: { aPct: number; bPct: number }) => void;
  writeInput: WriteAbcInput;
}) {
  const { t } = useTranslation('stats');
  const { message } = App.useApp();
  const write = useWriteAbc();
  const abc = summary?.abc;
  type ClassRow = { letter: string; cls: number; proposed: number; current: number; picks: number };
  const rows: ClassRow[] = abc
    ? LETTERS.map((letter, i) => {
        const f = [abc.a, abc.b, abc.c][i] as PickSummary['abc']['a'];
        return { letter, cls: i + 1, ...f };
      })
    : [];
  const bValid = thresholds.bPct > thresholds.aPct;
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} align="center" wrap>
        <Typography.Text>{t('pick.thresholdA')}</Typography.Text>
        <InputNumber
          size="small"
          min={1}
          max={99}
          value={thresholds.aPct}
          onChange={(v) => v !== null && onThresholds({ ...thresholds, aPct: v })}
          style={{ width: 70 }}
          aria-label={t('pick.thresholdA')}
          data-testid="abc-a"
        />
        <Typography.Text>{t('pick.thresholdB')}</Typography.Text>
        <InputNumber
          size="small"
          min={2}
          max={100}
          value={thresholds.bPct}
          status={bValid ? undefined : 'error'}
          onChange={(v) => v !== null && onThresholds({ ...thresholds, bPct: v })}
          style={{ width: 70 }}
          aria-label={t('pick.thresholdB')}
        />
        <Typography.Text type="secondary">{t('pick.percentOfPicks')}</Typography.Text>
      </Flex>
      <Table<ClassRow>
        size="small"
        pagination={false}
        rowKey="letter"
        dataSource={rows}
        data-testid="abc-table"
        columns={[
          {
            key: 'letter',
            title: t('pick.classCol'),
            dataIndex: 'letter',
            render: (v: string, r: ClassRow) => (
              <Flex align="center" gap={6}>
                <i style={{ width: 10, height: 10, borderRadius: 2, background: ABC_COLORS[r.cls] }} />
                <Typography.Text strong>{v}</Typography.Text>
              </Flex>
            ),
          },
          {
            key: 'proposed',
            title: t('pick.proposedCol'),
            dataIndex: 'proposed',
            align: 'right',
            render: (v: number) => fmtNumber(v),
          },
          {
            key: 'current',
            title: t('pick.currentCol'),
            dataIndex: 'current',
            align: 'right',
            render: (v: number) => fmtNumber(v),
          },
          {
            key: 'picks',
            title: t('pick.picksCol'),
            dataIndex: 'picks',
            align: 'right',
            render: (v: number) => fmtNumber(v),
          },
        ]}
      />
      {abc ? (
        <Flex vertical gap={4}>
          <Typography.Text type="secondary">{t('pick.unclassified', { count: abc.unclassified })}</Typography.Text>
          <Typography.Text data-testid="abc-changes">{t('pick.changes', { count: abc.changes })}</Typography.Text>
          <Typography.Text type="secondary" style={{ marginTop: 4 }}>
            {t('pick.matrixTitle')}
          </Typography.Text>
          <table className="sw-abc-matrix" style={{ borderCollapse: 'collapse', fontSize: 12 }}>
            <thead>
              <tr>
                <th />
                {LETTERS.map((l) => (
                  <th key={l} style={{ padding: '2px 10px', textAlign: 'right' }}>
                    {l}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {abc.matrix.map((row, i) => (
                <tr key={LETTERS[i] ?? 'none'}>
                  <th style={{ padding: '2px 10px 2px 0', textAlign: 'left', fontWeight: 'normal' }}>
                    {LETTERS[i] ? t('pick.matrixRow', { cls: LETTERS[i] }) : t('pick.matrixNone')}
                  </th>
                  {row.map((n, j) => (
                    <td
                      key={LETTERS[j]}
                      style={{
                        padding: '2px 10px',
                        textAlign: 'right',
                        fontWeight: i === j && n ? 600 : undefined,
                        opacity: n ? 1 : 0.45,
                      }}
                    >
                      {fmtNumber(n)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </Flex>
      ) : null}
      <Auth code="pickCount:writeAbc">
        <Popconfirm
          title={t('pick.write')}
          description={
            <div style={{ maxWidth: 340 }}>
              {t('pick.writeConfirm', {
                count: summary?.totals.locationCount ?? 0,
                a: abc?.a.proposed ?? 0,
                b: abc?.b.proposed ?? 0,
                c: abc?.c.proposed ?? 0,
              })}
            </div>
          }
          onConfirm={async () => {
            const r = await write.mutateAsync(writeInput);
            void message.success(t('pick.written', { changed: r.changed }));
          }}
          disabled={!summary || !bValid}
        >
          <Button
            type="primary"
            icon={<CheckOutlined />}
            loading={write.isPending}
            disabled={!summary || !bValid || abc?.changes === 0}
            data-testid="abc-write"
          >
            {t('pick.write')}
          </Button>
        </Popconfirm>
      </Auth>
    </Flex>
  );
}
