import { Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/client';
import { type JobRow, useJobActions } from './job.api';

/** Runs a job now, with parameters (JSON) overriding the job's own for this run. */
export function JobRunDialog({
  job,
  onClose,
  onStarted,
}: {
  job: JobRow | null;
  onClose: () => void;
  onStarted: () => void;
}) {
  const { t } = useTranslation('job');
  const actions = useJobActions();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setText(job ? JSON.stringify(job.params, null, 2) : '');
    setError(null);
  }, [job]);
  const run = async () => {
    if (!job) return;
    let params: Record<string, unknown>;
    try {
      params = text.trim() ? JSON.parse(text) : {};
      if (!params || typeof params !== 'object' || Array.isArray(params)) throw new Error();
    } catch {
      setError(t('paramsInvalid'));
      return;
    }
    try {
      await actions.run.mutateAsync({ id: job.id, params });
      onStarted();
    } catch (e) {
      setError(e instanceof ApiError ? (Object.values(e.fieldErrors ?? {})[0]?.[0] ?? e.message) : String(e));
    }
  };
  return (
    <Modal
      open={!!job}
      title={job ? t('runTitle', { name: job.name }) : ''}
      onCancel={onClose}
      onOk={run}
      okText={t('runNow')}
      confirmLoading={actions.run.isPending}
      data-testid="job-run-dialog"
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('runHint')}</Typography.Paragraph>
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoSize={{ minRows: 4, maxRows: 14 }}
        style={{ fontFamily: 'monospace' }}
        data-testid="job-run-params"
      />
      {error ? (
        <Typography.Paragraph type="danger" style={{ marginTop: 8 }}>
          {error}
        </Typography.Paragraph>
      ) : null}
    </Modal>
  );
}
