import { useTranslation } from 'react-i18next';
import { ImportDialog } from '../../components/crud';
import { useImportRegions } from './region.api';
import './region.texts';

/** Region import: the kit's dialog with the region sheet's hint and the added / updated counts. */
export function RegionImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('region');
  const importRegions = useImportRegions();
  return (
    <ImportDialog
      open={open}
      onClose={onClose}
      onImport={(input) => importRegions.mutateAsync(input)}
      pending={importRegions.isPending}
      title={t('import.title')}
      hint={t('import.hint')}
      dropHint={t('import.dropHint')}
      counts={(r) => t('import.counts', { ...r })}
      testId="region-import-dialog"
      resultTestId="region-import-result"
    />
  );
}
