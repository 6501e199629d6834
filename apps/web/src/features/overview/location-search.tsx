import { AimOutlined } from '@ant-design/icons';
import { App, AutoComplete, Button, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { proposeCodes } from './overview-query';
import './overview.texts';

/**
 * The "find a location" box: proposes loaded codes as the user types; Enter or the button looks the code up
 * (`onFind` answers false when the warehouse has no such location).
 */
export function LocationSearch({
  codes,
  onFind,
  placeholder,
}: {
  codes: readonly string[];
  onFind: (code: string) => Promise<boolean>;
  placeholder?: string;
}) {
  const { t } = useTranslation('overview');
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const options = useMemo(() => proposeCodes(codes, text).map((c) => ({ value: c })), [codes, text]);
  const go = async (code: string) => {
    if (!code.trim()) return;
    setBusy(true);
    try {
      if (!(await onFind(code))) void message.warning(t('search.notFound', { code: code.trim() }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space.Compact>
      <AutoComplete
        value={text}
        options={options}
        onChange={setText}
        onSelect={(v: string) => {
          setText(v);
          void go(v);
        }}
        style={{ width: 200 }}
        placeholder={placeholder ?? t('search.placeholder')}
        aria-label={t('search.label')}
        data-testid="location-search"
        onInputKeyDown={(e) => {
          // Enter without a highlighted proposal searches what was typed
          if (e.key === 'Enter' && !document.querySelector('.ant-select-item-option-active')) void go(text);
        }}
      />
      <Button icon={<AimOutlined />} loading={busy} onClick={() => void go(text)} data-testid="location-search-go">
        {t('search.go')}
      </Button>
    </Space.Compact>
  );
}
