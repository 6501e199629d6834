import { AppstoreAddOutlined, CheckOutlined, PlusOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, App, Button, Dropdown, Empty, Popconfirm, Segmented, Skeleton, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../components/crud';
import { useNarrow } from '../../lib/layout/narrow';
import { FocusHome } from './focus-home';
import {
  type HomeVariant,
  type Placement,
  useLayout,
  useResetLayout,
  useSaveLayout,
  useSaveVariant,
  type WidgetKey,
} from './home.api';
import { addWidget, dropWidget, moveWidget, removeWidget, resizeWidget, splitByAccess } from './layout-ops';
import { type GridActions, WidgetGrid } from './widget-grid';
import { WIDGET_ORDER, WIDGETS } from './widget-registry';
import './home.css';
import './home.texts';

/** A control to focus again once the grid has re-rendered (a moved widget keeps the keyboard where it was). */
type Refocus = { key: WidgetKey; control: 'earlier' | 'later'; index: number };

/**
 * The workbench (/dashboard/home) in the variant the user chose: the dashboard, the user's widgets in their saved
 * order and widths ("Customise" lets them add, remove, move (drag, or the arrow buttons from the keyboard) and
 * resize widgets; every change is saved at once), or the compact focus home. Widgets whose data the user may not
 * read are left out.
 */
export default function HomePage() {
  const { t } = useTranslation('home');
  const { message } = App.useApp();
  const can = useCan();
  const narrow = useNarrow();
  const layout = useLayout();
  const save = useSaveLayout();
  const reset = useResetLayout();
  const saveVariant = useSaveVariant();
  const [editing, setEditing] = useState(false);
  const [said, setSaid] = useState('');
  const [refocus, setRefocus] = useState<Refocus | null>(null);
  const canRead = can('sysHome:layout');
  const canSave = canRead && can('sysHome:saveLayout');
  const variant: HomeVariant = layout.data?.variant ?? 'widgets';
  const chooseVariant = (next: HomeVariant) => {
    setEditing(false);
    saveVariant.mutate(next);
    setSaid(t('variant.saved', { name: t(`variant.${next}`) }));
  };

  const usable = (key: WidgetKey) => {
    const permission = WIDGETS[key].permission;
    return !permission || can(permission);
  };
  // without the layout (no right to read it, or it failed): every widget the user can use, at its usual width
  const fallback = useMemo<Placement[]>(() => WIDGET_ORDER.map((key) => ({ key, span: WIDGETS[key].span })), []);
  const source = layout.data?.widgets ?? (canRead && !layout.isError ? null : fallback);
  const { visible, hidden } = splitByAccess(source ?? [], usable);
  const missing = WIDGET_ORDER.filter((key) => usable(key) && !visible.some((w) => w.key === key));

  const commit = (next: Placement[], announce: string) => {
    save.mutate([...next, ...hidden]);
    setSaid(announce);
  };
  const name = (key: WidgetKey) => t(`widgets.${key}`);

  const actions: GridActions = {
    move(key, delta) {
      const from = visible.findIndex((w) => w.key === key);
      const to = from + delta;
      if (to < 0 || to >= visible.length) return;
      commit(
        moveWidget(visible, from, to),
        t('controls.moved', { name: name(key), place: to + 1, count: visible.length }),
      );
      setRefocus({ key, control: delta < 0 ? 'earlier' : 'later', index: to });
    },
    drop(dragged, target) {
      const next = dropWidget(visible, dragged, target);
      const place = next.findIndex((w) => w.key === dragged) + 1;
      commit(next, t('controls.moved', { name: name(dragged), place, count: next.length }));
    },
    resize(key, span) {
      commit(resizeWidget(visible, key, span), `${name(key)}: ${t(`controls.spans.${span}`)}`);
    },
    remove(key) {
      commit(removeWidget(visible, key), t('controls.removed', { name: name(key) }));
    },
  };

  // keep the keyboard on the arrow that moved a widget (or its twin, once the widget reached an end), once the grid
  // shows the new order (moving the focused element in the page drops its focus)
  const order = visible.map((w) => w.key).join();
  useEffect(() => {
    if (!refocus || order.split(',')[refocus.index] !== refocus.key) return;
    const cell = document.querySelector(`[data-widget="${refocus.key}"]`);
    const wanted = cell?.querySelector<HTMLButtonElement>(`[data-testid="widget-${refocus.control}"]`);
    const other = cell?.querySelector<HTMLButtonElement>(
      `[data-testid="widget-${refocus.control === 'earlier' ? 'later' : 'earlier'}"]`,
    );
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    setRefocus(null);
  }, [refocus, order]);

  const addMenu = (
    <Dropdown
      trigger={['click']}
      disabled={!missing.length}
      menu={{
        items: missing.map((key) => ({ key, icon: WIDGETS[key].icon, label: name(key) })),
        onClick: ({ key }) => {
          const k = key as WidgetKey;
          commit(addWidget(visible, k, WIDGETS[k].span), t('controls.added', { name: name(k) }));
        },
      }}
    >
      <Button
        icon={<PlusOutlined />}
        data-testid="home-add-widget"
        title={missing.length ? undefined : t('toolbar.addNone')}
      >
        {t('toolbar.add')}
      </Button>
    </Dropdown>
  );

  return (
    <div className="sw-home" data-testid="home-page">
      {canSave ? (
        <div className="sw-home-toolbar">
          <Segmented<HomeVariant>
            size="small"
            value={variant}
            onChange={chooseVariant}
            aria-label={t('variant.label')}
            data-testid="home-variant"
            options={(['widgets', 'focus'] as const).map((v) => ({
              value: v,
              label: <span title={t(`variant.${v}Hint`)}>{t(`variant.${v}`)}</span>,
            }))}
          />
          {variant === 'focus' ? null : editing ? (
            <Space wrap size={8}>
              {addMenu}
              <Popconfirm
                title={t('toolbar.resetConfirm')}
                onConfirm={() =>
                  reset.mutate(undefined, {
                    onSuccess: () => {
                      void message.success(t('toolbar.resetDone'));
                      setSaid(t('toolbar.resetDone'));
                    },
                  })
                }
              >
                <Button icon={<UndoOutlined />} loading={reset.isPending} data-testid="home-reset">
                  {t('toolbar.reset')}
                </Button>
              </Popconfirm>
              <Button type="primary" icon={<CheckOutlined />} onClick={() => setEditing(false)} data-testid="home-done">
                {t('toolbar.done')}
              </Button>
            </Space>
          ) : (
            <Button
              size="small"
              type="text"
              icon={<AppstoreAddOutlined />}
              onClick={() => setEditing(true)}
              data-testid="home-customise"
            >
              {t('toolbar.customise')}
            </Button>
          )}
        </div>
      ) : null}
      {editing ? (
        <Alert
          type="info"
          showIcon
          title={t(narrow ? 'toolbar.hintNarrow' : 'toolbar.hint')}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      {variant === 'focus' ? (
        <FocusHome />
      ) : source === null ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : visible.length ? (
        <WidgetGrid widgets={visible} editing={editing} narrow={narrow} actions={actions} />
      ) : (
        <Empty description={t('toolbar.empty')} style={{ padding: '48px 0' }}>
          {canSave ? t('toolbar.emptyHint') : null}
        </Empty>
      )}
      <div className="sw-sr-only" aria-live="polite" data-testid="home-announce">
        {said}
      </div>
    </div>
  );
}
