import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenMenu } from './side-menu';
import { useRouteMenu } from './use-route-menu';

/** Finds a menu by title or path and opens it. */
export function MenuSearch() {
  const { t } = useTranslation();
  const { flat } = useRouteMenu();
  const open = useOpenMenu();
  const [text, setText] = useState('');
  const options = useMemo(() => {
    const q = text.trim().toLowerCase();
    return flat
      .filter((f) => f.node.type === 2 && !f.node.meta.isHide)
      .filter((f) => !q || f.node.meta.title.toLowerCase().includes(q) || f.node.path.toLowerCase().includes(q))
      .slice(0, 12)
      .map((f) => ({
        value: f.node.path,
        label: [...f.parents.map((p) => p.meta.title), f.node.meta.title].join(' / '),
      }));
  }, [flat, text]);
  return (
    <AutoComplete
      options={options}
      value={text}
      onChange={setText}
      onSelect={(path: string) => {
        setText('');
        open(path);
      }}
      style={{ width: 180 }}
      notFoundContent={text ? t('layout.noMatch') : undefined}
    >
      <Input
        prefix={<SearchOutlined />}
        placeholder={t('layout.menuSearch')}
        aria-label={t('layout.menuSearch')}
        allowClear
      />
    </AutoComplete>
  );
}
