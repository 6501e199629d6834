import { routes as api } from '@shelfwise/contract/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api/client';

/** Who a picker offers: counters of sub-tasks, or assignees of review tasks (each behind its own grant). */
export type PeopleKind = 'counter' | 'reviewer';

/**
 * Enabled users of the tenant by name or account, through the counting people pickers (supervisors and auditors may
 * use them without the user administration grant).
 */
export function usePeople(kind: PeopleKind, keyword: string) {
  return useQuery({
    queryKey: ['inventory', 'people', kind, keyword],
    queryFn: async () => {
      const input = { keyword: keyword || undefined };
      const items =
        kind === 'counter'
          ? await call(api.inventoryCheckSubTask.counterOptions, input, { silent: true })
          : await call(api.inventoryReviewTask.assigneeOptions, input, { silent: true });
      return { items };
    },
    placeholderData: keepPreviousData,
  });
}

/** The label of a person: name and account, or the account. */
export const personLabel = (p: { account: string; realName: string | null }) =>
  p.realName ? `${p.realName} (${p.account})` : p.account;

/** Picks one person by name or account; `initialLabel` names the current value before a search. */
export function PersonPicker({
  kind,
  value,
  onChange,
  initialLabel,
  id,
}: {
  kind: PeopleKind;
  value?: number | null;
  onChange?: (value: number | null) => void;
  initialLabel?: string | null;
  id?: string;
}) {
  const { t } = useTranslation('system');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const people = usePeople(kind, keyword);
  const options = (people.data?.items ?? []).map((p) => ({ value: p.id, label: personLabel(p) }));
  if (value && initialLabel && !options.some((o) => o.value === value)) options.unshift({ value, label: initialLabel });
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={people.isFetching}
      placeholder={t('common.userSearch')}
      options={options}
      notFoundContent={people.isFetching ? null : undefined}
    />
  );
}
