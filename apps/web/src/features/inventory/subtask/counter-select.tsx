import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { personLabel, usePeople } from '../people';
import '../inventory.texts';

/**
 * Several counters (accounts of the tenant), searched by account, name or phone. `known` names the accounts chosen
 * before (the sub-task's counters) so they show by name before any search.
 */
export function CounterSelect({
  value,
  onChange,
  id,
  known,
}: {
  value?: number[];
  onChange?: (v: number[]) => void;
  id?: string;
  known?: { id: number; name: string }[];
}) {
  const { t } = useTranslation('inventory');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const users = usePeople('counter', keyword);
  const [names, setNames] = useState<Map<number, string>>(() => new Map((known ?? []).map((k) => [k.id, k.name])));
  useEffect(() => {
    const items = users.data?.items;
    if (!items?.length) return;
    setNames((prev) => {
      const next = new Map(prev);
      for (const u of items) next.set(u.id, personLabel(u));
      return next;
    });
  }, [users.data]);
  const options = useMemo(() => {
    const shown = new Map<number, string>();
    for (const u of users.data?.items ?? []) shown.set(u.id, names.get(u.id) ?? u.account);
    for (const v of value ?? []) if (!shown.has(v)) shown.set(v, names.get(v) ?? `#${v}`);
    return [...shown].map(([v, label]) => ({ value: v, label }));
  }, [users.data, value, names]);
  return (
    <Select
      id={id}
      mode="multiple"
      value={value}
      onChange={onChange}
      allowClear
      maxTagCount="responsive"
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={users.isFetching}
      placeholder={t('subTask.countersPick')}
      options={options}
      notFoundContent={users.isFetching ? null : t('people.noCounter')}
    />
  );
}
