import { routes as api } from '@shelfwise/contract/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api/client';
import './inventory.texts';

/** Who a picker offers: counters of sub-tasks, or assignees of review tasks (each behind its own grant). */
export type PeopleKind = 'counter' | 'reviewer';

/** The lines a reviewer is picked for: their first counters are not offered. */
export interface ReviewFor {
  taskId?: number | undefined;
  itemIds?: readonly number[] | undefined;
  reviewTaskId?: number | undefined;
}

/** Most line ids the picker names in its query (beyond them, every line of the task counts). */
const MAX_ITEM_IDS = 200;

/**
 * People who can do the work, by name or account, through the counting people pickers (supervisors and auditors may
 * use them without the user administration grant): the server lists enabled accounts within the caller's data scope
 * that may scan (counters) or recount (reviewers), and leaves out the first counters of the lines to recount.
 */
export function usePeople(kind: PeopleKind, keyword: string, review?: ReviewFor) {
  const itemIds =
    review?.itemIds?.length && review.itemIds.length <= MAX_ITEM_IDS ? [...review.itemIds].sort().join(',') : undefined;
  return useQuery({
    queryKey: ['inventory', 'people', kind, keyword, review?.taskId, itemIds, review?.reviewTaskId],
    queryFn: async () => {
      const input = { keyword: keyword || undefined };
      const items =
        kind === 'counter'
          ? await call(api.inventoryCheckSubTask.counterOptions, input, { silent: true })
          : await call(
              api.inventoryReviewTask.assigneeOptions,
              { ...input, taskId: review?.taskId, itemIds, reviewTaskId: review?.reviewTaskId },
              { silent: true },
            );
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
  review,
}: {
  kind: PeopleKind;
  value?: number | null;
  onChange?: (value: number | null) => void;
  initialLabel?: string | null;
  id?: string;
  review?: ReviewFor;
}) {
  const { t } = useTranslation('inventory');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const people = usePeople(kind, keyword, review);
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
      placeholder={t('subTask.countersPick')}
      options={options}
      notFoundContent={people.isFetching ? null : t(kind === 'counter' ? 'people.noCounter' : 'people.noReviewer')}
    />
  );
}
