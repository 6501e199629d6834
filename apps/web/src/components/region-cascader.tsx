import { routes as api } from '@shelfwise/contract/routes';
import { Cascader } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../lib/api/client';
import './region-cascader.texts';

/** A region's names as the API sends them in lists. */
export interface RegionNames {
  nameEn: string;
  nameZhCn: string | null;
  nameZhTw: string | null;
}

/** A region's name in a UI language, falling back to simplified Chinese, then English (as the server does). */
export function regionLabel(row: RegionNames, lang: string): string {
  if (lang === 'zh-tw') return row.nameZhTw || row.nameZhCn || row.nameEn;
  if (lang === 'zh-cn') return row.nameZhCn || row.nameEn;
  return row.nameEn;
}

/** One option of the cascader: the region code is the value; children load on demand. */
interface RegionOption {
  value: string;
  label: string;
  id: number;
  isLeaf: boolean;
  loading?: boolean;
  children?: RegionOption[];
}

const toOptions = (nodes: { id: number; code: string; name: string; isLeaf: boolean }[]): RegionOption[] =>
  nodes.map((n) => ({ value: n.code, label: n.name, id: n.id, isLeaf: n.isLeaf }));

/** Props of the region picker: the value is the path of codes, e.g. `['CN', '440000', '440100']`. */
export interface RegionCascaderProps {
  value?: string[];
  onChange?: (codes: string[], labels: string[]) => void;
  /** How deep the picker goes (1 country, 2 province, 3 city; default 3). */
  depth?: number;
  /** Allow choosing a region that has children (e.g. only a country). Default true. */
  changeOnSelect?: boolean;
  disabled?: boolean;
  placeholder?: string;
  style?: React.CSSProperties;
  id?: string;
}

/**
 * Country / province / city picker for address forms: an antd Cascader that loads each level from
 * `sysRegion/children` (open to every signed-in user), labelled in the current UI language. A given value is
 * expanded on mount so its labels show.
 */
export function RegionCascader(props: RegionCascaderProps) {
  const { i18n } = useTranslation('regionPicker');
  // labels come in the language of the request: a language change starts the picker afresh
  return <LazyRegionCascader key={i18n.language} {...props} />;
}

function LazyRegionCascader({
  value,
  onChange,
  depth = 3,
  changeOnSelect = true,
  disabled,
  placeholder,
  style,
  id,
}: RegionCascaderProps) {
  const { t } = useTranslation('regionPicker');
  const [options, setOptions] = useState<RegionOption[]>([]);
  const optionsRef = useRef<RegionOption[]>([]);
  const valueKey = (value ?? []).join('/');

  // the top level once, then the branch of the current value where it is not loaded yet (so its labels show)
  useEffect(() => {
    let cancelled = false;
    const codes = valueKey ? valueKey.split('/') : [];
    (async () => {
      let top = optionsRef.current;
      if (!top.length) {
        top = toOptions(await call(api.sysRegion.children, { pid: 0 }, { silent: true }));
        if (depth === 1) for (const o of top) o.isLeaf = true;
      }
      let level = top;
      for (let i = 0; i < codes.length && i < depth - 1; i++) {
        const node = level.find((o) => o.value === codes[i]);
        if (!node || node.isLeaf) break;
        if (!node.children) {
          node.children = toOptions(await call(api.sysRegion.children, { pid: node.id }, { silent: true }));
          if (i + 2 >= depth) for (const c of node.children) c.isLeaf = true;
        }
        level = node.children;
      }
      if (!cancelled) {
        optionsRef.current = top;
        setOptions([...top]);
      }
    })().catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [valueKey, depth]);

  const loadData = async (selected: RegionOption[]) => {
    const target = selected[selected.length - 1];
    if (!target || target.children) return;
    target.loading = true;
    setOptions([...optionsRef.current]);
    try {
      const children = toOptions(await call(api.sysRegion.children, { pid: target.id }, { silent: true }));
      if (selected.length + 1 >= depth) for (const c of children) c.isLeaf = true;
      target.children = children;
      if (!children.length) target.isLeaf = true;
    } finally {
      target.loading = false;
      setOptions([...optionsRef.current]);
    }
  };

  return (
    <Cascader<RegionOption>
      id={id}
      options={options}
      value={value}
      loadData={(selected) => void loadData(selected as RegionOption[])}
      onChange={(codes, selected) =>
        onChange?.(
          (codes ?? []) as string[],
          ((selected ?? []) as RegionOption[]).map((o) => o.label),
        )
      }
      changeOnSelect={changeOnSelect}
      disabled={disabled}
      placeholder={placeholder ?? t('placeholder')}
      notFoundContent={t('empty')}
      showSearch={{ filter: (input, path) => path.some((o) => o.label.toLowerCase().includes(input.toLowerCase())) }}
      style={{ width: '100%', ...style }}
      allowClear
      data-testid="region-cascader"
    />
  );
}
