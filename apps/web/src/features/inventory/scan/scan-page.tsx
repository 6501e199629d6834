import { CheckOutlined, EnvironmentOutlined, InboxOutlined, SwapOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, App, Button, InputNumber, type InputRef, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../components/crud';
import { useUserInfo } from '../../auth/session.api';
import { CameraScanner, cameraFormats } from './camera-scanner';
import { useMyScanTasks } from './scan.api';
import { refocus, ScanInputBar } from './scan-input-bar';
import { ScanLinesList } from './scan-lines-list';
import { ScanProblems, ScanStatus } from './scan-status';
import { ScanTaskList } from './scan-task-list';
import { useScanWorkbench } from './use-scan-workbench';
import './scan.texts';
import './scan.css';

/**
 * The scanning workbench (docs/counting.md#the-scanning-workbench), mobile first: pick a sub-task, scan a location, scan items. Every
 * scan is kept on the device (IndexedDB) before it is sent, so counting goes on offline and syncs later.
 * Stable `data-testid`s for journeys: see the components and the action buttons below (scan-action-*).
 */
export default function ScanPage() {
  const { t } = useTranslation('scan');
  const { modal } = App.useApp();
  const can = useCan();
  const { data: user } = useUserInfo();
  const userKey = user ? `${user.currentTenantId}-${user.id}` : null;
  const w = useScanWorkbench(userKey);
  const tasks = useMyScanTasks(w.session?.store ?? null, userKey ?? '');
  const input = useRef<InputRef>(null);
  const [formats, setFormats] = useState<string[]>([]);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [problemsOpen, setProblemsOpen] = useState(false);
  const { restore } = w;

  useEffect(() => {
    void cameraFormats().then(setFormats);
  }, []);

  useEffect(() => {
    if (tasks.data) void restore(tasks.data.tasks);
  }, [tasks.data, restore]);

  const contextKey = `${w.subTask?.subTaskId}:${w.location?.locationId}:${w.locationMode}`;
  useEffect(() => {
    if (contextKey) refocus(input);
  }, [contextKey]);

  const after = (p: Promise<unknown> | unknown) => {
    void Promise.resolve(p).finally(() => refocus(input));
  };

  const problems = w.session?.queue.problems() ?? [];
  const locationCode = (subTaskId: number, locationId: number) => {
    if (w.location?.subTaskId === subTaskId && w.location.locationId === locationId) return w.location.locationCode;
    const code =
      subTaskId === w.subTask?.subTaskId ? Object.entries(w.codes).find(([, id]) => id === locationId) : undefined;
    return code?.[0] ?? `#${locationId}`;
  };

  const status = (
    <ScanStatus
      online={w.online}
      queued={w.pending.length}
      sync={w.syncState}
      problems={problems.length}
      onSyncNow={() => w.session?.sync.kick()}
      onProblems={() => setProblemsOpen(true)}
    />
  );

  const drawer = (
    <ScanProblems
      open={problemsOpen}
      problems={problems}
      locationCode={locationCode}
      onDismiss={(ids) => void w.session?.queue.dismiss(ids)}
      onClose={() => {
        setProblemsOpen(false);
        refocus(input);
      }}
    />
  );

  if (!w.subTask) {
    return (
      <div className="sw-scan" data-testid="scan-page">
        <div className="sw-scan-top">
          <Typography.Title level={4} className="sw-scan-title">
            {t('title')}
          </Typography.Title>
          {status}
        </div>
        <ScanTaskList
          tasks={tasks.data?.tasks}
          cachedAt={tasks.data?.cachedAt ?? null}
          loading={!w.session || tasks.isLoading}
          failed={tasks.isError}
          onPick={w.chooseTask}
          onReload={() => void tasks.refetch()}
        />
        {drawer}
      </div>
    );
  }

  const loc = w.location;
  const askLocation = w.locationMode || !loc;
  const uncounted = w.lines.filter((l) => l.countedQty === null).length;

  const confirmEmpty = () => {
    if (!loc) return;
    modal.confirm({
      title: t('actions.emptyConfirm', { code: loc.locationCode }),
      content: t('actions.emptyConfirmText'),
      okText: t('actions.yes'),
      cancelText: t('actions.no'),
      okButtonProps: { size: 'large', 'data-testid': 'scan-confirm-ok' },
      cancelButtonProps: { size: 'large' },
      onOk: () => after(w.confirmEmpty()),
      afterClose: () => refocus(input),
    });
  };
  const confirmDone = () => {
    if (!loc) return;
    if (uncounted === 0) return after(w.confirmDone());
    modal.confirm({
      title: t('actions.doneConfirm', { code: loc.locationCode }),
      content: t('actions.doneConfirmText', { count: uncounted }),
      okText: t('actions.yes'),
      cancelText: t('actions.no'),
      okButtonProps: { size: 'large', 'data-testid': 'scan-confirm-ok' },
      cancelButtonProps: { size: 'large' },
      onOk: () => after(w.confirmDone()),
      afterClose: () => refocus(input),
    });
  };

  return (
    <div className="sw-scan" data-testid="scan-page">
      <div className="sw-scan-top">
        <button
          type="button"
          className="sw-scan-subtask"
          onClick={() => {
            w.chooseTask(null);
            void tasks.refetch();
          }}
          title={t('tasks.change')}
          data-testid="scan-change-task"
        >
          <Typography.Text strong ellipsis>
            {w.subTask.subTaskName || w.subTask.subTaskCode}
          </Typography.Text>
          <SwapOutlined />
        </button>
        {status}
      </div>

      {w.session?.volatile ? <Alert type="warning" showIcon title={t('volatile')} /> : null}

      <div
        className={`sw-scan-banner sw-scan-banner-${w.banner.tone}`}
        data-testid="scan-banner"
        data-tone={w.banner.tone}
        role="status"
        aria-live="polite"
        key={w.banner.at}
      >
        {w.banner.text || t('banner.ready')}
      </div>

      <ScanInputBar
        inputRef={input}
        busy={w.busy}
        placeholder={askLocation ? t('input.placeholderLocation') : t('input.placeholderItem')}
        camera={formats.length > 0}
        onCamera={() => setCameraOpen(true)}
        onCode={(code, source) => after(w.submit(code, source))}
      />

      <div className="sw-scan-location" data-testid="scan-location" data-mode={askLocation ? 'location' : 'item'}>
        {loc && !w.locationMode ? (
          <>
            <EnvironmentOutlined />
            <span className="sw-scan-location-code" data-testid="scan-location-code">
              {loc.locationCode}
            </span>
            <Tag data-testid="scan-location-state" data-state={loc.state}>
              {t(`location.state.${loc.state}`, { defaultValue: '' })}
            </Tag>
            {w.fromCache ? <Tag color="warning">{t('location.fromCache')}</Tag> : null}
            <Button
              className="sw-scan-push-right"
              onClick={() => {
                w.setLocationMode(true);
                refocus(input);
              }}
              data-testid="scan-action-change-location"
            >
              {t('location.change')}
            </Button>
          </>
        ) : (
          <>
            <Typography.Text type="secondary">{loc ? t('location.scanMode') : t('location.none')}</Typography.Text>
            {loc ? (
              <Button
                className="sw-scan-push-right"
                onClick={() => {
                  w.setLocationMode(false);
                  refocus(input);
                }}
                data-testid="scan-action-cancel-location"
              >
                {t('location.cancel')}
              </Button>
            ) : null}
          </>
        )}
      </div>

      {loc && !w.locationMode ? (
        <>
          <div className="sw-scan-controls">
            <button
              type="button"
              className={`sw-scan-toggle${w.carton ? ' sw-scan-toggle-on' : ''}`}
              aria-pressed={w.carton}
              title={t('input.cartonHint')}
              onClick={() => {
                w.setCarton(!w.carton);
                refocus(input);
              }}
              data-testid="scan-carton-toggle"
            >
              <InboxOutlined /> {t('input.carton')}
            </button>
            <InputNumber
              size="large"
              min={0}
              placeholder={t('input.qty')}
              title={t('input.qtyHint')}
              value={w.qty === '' ? null : Number(w.qty)}
              onChange={(v) => w.setQty(v === null ? '' : String(v))}
              onPressEnter={() => refocus(input)}
              className="sw-scan-qty"
              inputMode="decimal"
              data-testid="scan-qty-input"
            />
          </div>

          <div className="sw-scan-actions">
            <Button
              size="large"
              icon={<UndoOutlined />}
              disabled={!w.canUndo || !can('inventoryScan:undo')}
              onClick={() => after(w.undo())}
              data-testid="scan-action-undo"
            >
              {t('actions.undo')}
            </Button>
            <Button
              size="large"
              icon={<InboxOutlined />}
              disabled={!can('inventoryScan:confirmEmpty')}
              onClick={confirmEmpty}
              data-testid="scan-action-empty"
            >
              {t('actions.empty')}
            </Button>
            <Button
              size="large"
              type="primary"
              icon={<CheckOutlined />}
              onClick={confirmDone}
              data-testid="scan-action-done"
            >
              {t('actions.done')}
            </Button>
          </div>

          <Typography.Text type="secondary" className="sw-scan-small">
            {w.lines.length > 0 ? t('location.lines', { count: w.lines.length }) : t('location.noLines')}
          </Typography.Text>
          <ScanLinesList
            lines={w.lines}
            toCheck={w.toCheck}
            lastItemId={w.lastItemId}
            onAdd={(line) => after(w.submit(line.skuCode, 3, line))}
          />
        </>
      ) : null}

      <CameraScanner
        open={cameraOpen}
        formats={formats}
        onCode={(code) => void w.submit(code, 2)}
        onClose={() => {
          setCameraOpen(false);
          refocus(input);
        }}
      />
      {drawer}
    </div>
  );
}
