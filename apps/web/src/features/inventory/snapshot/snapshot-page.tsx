import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../components/crud';
import { PickRecordPanel } from './pick-record-panel';
import { SnapshotPanel } from './snapshot-panel';
import '../inventory.texts';

/** Stock snapshots (the WMS book stock counts are checked against) and pick records, one tab each. */
export default function SnapshotPage() {
  const { t } = useTranslation('inventory');
  const can = useCan();
  const items = [
    { key: 'snapshots', label: t('snapshot.tab'), children: <SnapshotPanel /> },
    ...(can('inventoryPickRecord:page')
      ? [{ key: 'picks', label: t('snapshot.pick.tab'), children: <PickRecordPanel /> }]
      : []),
  ];
  return (
    <div style={{ padding: 12 }}>
      <Tabs items={items} destroyOnHidden={false} style={{ marginTop: -8 }} />
    </div>
  );
}
