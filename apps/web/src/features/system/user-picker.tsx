import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserPicker } from './user.api';

/** Picks one account by searching account, name or phone; `initialLabel` names the current value before a search. */
export function UserPicker({
  value,
  onChange,
  initialLabel,
  id,
}: {
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
  const users = useUserPicker(keyword);
  const options = (users.data?.items ?? []).map((u) => ({
    value: u.id,
    label: u.realName ? `${u.realName} (${u.account})` : u.account,
  }));
  if (value && initialLabel && !options.some((o) => o.value === value)) {
    options.unshift({ value, label: initialLabel });
  }
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={users.isFetching}
      placeholder={t('common.userSearch')}
      options={options}
      notFoundContent={users.isFetching ? null : undefined}
    />
  );
}
