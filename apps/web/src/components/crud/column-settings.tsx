import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Space, Tooltip } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STORAGE_PREFIX } from '../../lib/auth/storage';

const storageKey = (pageKey: string) => `${STORAGE_PREFIX}columns:${pageKey}`;

function readHidden(pageKey: string, fallback: string[]): string[] {
  try {
    const raw = localStorage.getItem(storageKey(pageKey));
    const parsed: unknown = raw ? JSON.parse(raw) : fallback;
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** The hidden columns of a page, persisted in local storage under the page's key. */
export function useHiddenColumns(pageKey: string, hiddenByDefault: string[] = []) {
  const [hidden, setHiddenState] = useState<string[]>(() => readHidden(pageKey, hiddenByDefault));
  const setHidden = useCallback(
    (next: string[]) => {
      setHiddenState(next);
      localStorage.setItem(storageKey(pageKey), JSON.stringify(next));
    },
    [pageKey],
  );
  return { hidden, setHidden };
}

/** A popover with a check box per column: show or hide it; reset shows them all. */
export function ColumnSettings({
  columns,
  hidden,
  defaults,
  onChange,
}: {
  columns: { key: string; title: string }[];
  hidden: string[];
  /** What reset goes back to. */
  defaults: string[];
  onChange: (hidden: string[]) => void;
}) {
  const { t } = useTranslation('crud');
  const visible = columns.filter((c) => !hidden.includes(c.key)).map((c) => c.key);
  const content = (
    <div style={{ minWidth: 160 }}>
      <Space orientation="vertical" size={4}>
        <Checkbox
          checked={hidden.length === 0}
          indeterminate={hidden.length > 0 && hidden.length < columns.length}
          onChange={(e) => onChange(e.target.checked ? [] : columns.map((c) => c.key))}
        >
          {t('allColumns')}
        </Checkbox>
        {columns.map((c) => (
          <Checkbox
            key={c.key}
            checked={visible.includes(c.key)}
            onChange={(e) => onChange(e.target.checked ? hidden.filter((k) => k !== c.key) : [...hidden, c.key])}
          >
            {c.title}
          </Checkbox>
        ))}
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onChange(defaults)}>
          {t('resetColumns')}
        </Button>
      </Space>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('columnSettings')} content={content}>
      <Tooltip title={t('columnSettings')}>
        <Button icon={<SettingOutlined />} aria-label={t('columnSettings')} />
      </Tooltip>
    </Popover>
  );
}
