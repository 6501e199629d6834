import { Alert, Flex, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GenerateResult } from './location.api';
import './warehouse.texts';

/** What a preview of the generator found: how many, the first codes, and the codes that already exist. */
export function GeneratorPreview({ result, stale }: { result: GenerateResult; stale: boolean }) {
  const { t, i18n } = useTranslation('warehouse');
  return (
    <div
      data-testid="generator-preview"
      style={{
        padding: 16,
        borderRadius: 8,
        background: 'var(--ant-color-fill-quaternary)',
        opacity: stale ? 0.55 : 1,
      }}
    >
      <Flex gap={48} style={{ marginBottom: 12 }}>
        <Statistic
          title={t('generator.count')}
          value={result.count}
          formatter={(v) => Number(v).toLocaleString(i18n.language)}
        />
        <Statistic
          title={t('generator.conflicts')}
          value={result.conflicts}
          styles={{ content: { color: result.conflicts ? 'var(--ant-color-error)' : undefined } }}
          formatter={(v) => Number(v).toLocaleString(i18n.language)}
        />
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {result.conflicts ? t('generator.conflictSample') : t('generator.sample')}
      </Typography.Text>
      <Flex wrap gap={4} style={{ marginTop: 6 }} data-testid="generator-sample">
        {(result.conflicts ? result.conflictSample : result.sample).map((code) => (
          <Tag key={code} color={result.conflicts ? 'error' : undefined} style={{ fontFamily: 'monospace', margin: 0 }}>
            {code}
          </Tag>
        ))}
        {result.count > result.sample.length && !result.conflicts ? <Tag style={{ margin: 0 }}>…</Tag> : null}
      </Flex>
      {result.conflicts ? (
        <Alert type="error" showIcon style={{ marginTop: 12 }} title={t('generator.conflictsRefused')} />
      ) : null}
    </div>
  );
}
