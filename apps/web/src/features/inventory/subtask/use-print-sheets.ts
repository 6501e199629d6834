import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/client';
import { saveBlob } from '../../../lib/api/files';
import { fetchCountSheets } from './subtask.api';
import '../inventory.texts';

/**
 * Opens the count sheets of a sub-task (a PDF fetched with the token) in a new window; when the browser refuses the
 * window, the PDF is downloaded instead.
 */
export function usePrintSheets() {
  const { t } = useTranslation('inventory');
  const { message } = App.useApp();
  const [pending, setPending] = useState(false);
  const open = async (subTaskId: number, code?: string) => {
    // the window opens during the click (popup blockers allow it), the PDF goes in once it arrives
    const win = window.open('', '_blank');
    setPending(true);
    try {
      const blob = await fetchCountSheets(subTaskId);
      const pdf = blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
      if (win) {
        const url = URL.createObjectURL(pdf);
        win.location.href = url;
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      } else saveBlob(pdf, `count-sheets-${code ?? subTaskId}.pdf`);
    } catch (e) {
      win?.close();
      void message.error(e instanceof ApiError && e.message ? e.message : t('subTask.printFailed'));
    } finally {
      setPending(false);
    }
  };
  return { open, pending };
}
