import { ClearOutlined } from '@ant-design/icons';
import { Alert, App, Button, DatePicker, Form, Modal, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth } from '../../components/crud';
import { LOG_SERVICES, type LogKind, useClearLog } from './log.api';
import './log.texts';
import { RevalidateOnLanguage } from '../../lib/i18n/revalidate';

type Scope = 'all' | 'before';

/** Clears a log after a confirmation: every row of the tenant, or those before a chosen date. */
export function LogClearButton({ kind }: { kind: LogKind }) {
  const { t } = useTranslation('log');
  const { t: tc } = useTranslation('crud');
  const { message } = App.useApp();
  const clear = useClearLog(kind);
  const [open, setOpen] = useState(false);
  const [scope, setScope] = useState<Scope>('all');
  const [date, setDate] = useState<Dayjs | null>(null);
  const service = LOG_SERVICES[kind];

  const submit = async () => {
    const result = await clear.mutateAsync(scope === 'before' ? date?.format('YYYY-MM-DD') : undefined);
    void message.success(t('cleared', { count: result.deleted }));
    setOpen(false);
  };

  return (
    <Auth code={`${service}:clear`}>
      <Button danger icon={<ClearOutlined />} onClick={() => setOpen(true)}>
        {t('clear')}
      </Button>
      <Modal
        open={open}
        title={t('clearTitle', { log: t(`title.${kind}`) })}
        okText={t('clear')}
        cancelText={tc('cancel')}
        okButtonProps={{ danger: true, disabled: scope === 'before' && !date, loading: clear.isPending }}
        onOk={submit}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Alert type="warning" showIcon title={t('clearWarning')} style={{ marginBottom: 16 }} />
        <Form layout="vertical">
          <RevalidateOnLanguage />
          <Form.Item label={t('clearWhich')}>
            <Radio.Group
              value={scope}
              onChange={(e) => setScope(e.target.value as Scope)}
              options={[
                { value: 'all', label: t('clearAll') },
                { value: 'before', label: t('clearBefore') },
              ]}
            />
          </Form.Item>
          {scope === 'before' ? (
            <Form.Item label={t('clearDate')} required help={date ? undefined : t('clearNeedsDate')}>
              <DatePicker value={date} onChange={setDate} style={{ width: 220 }} aria-label={t('clearDate')} />
            </Form.Item>
          ) : null}
        </Form>
      </Modal>
    </Auth>
  );
}
