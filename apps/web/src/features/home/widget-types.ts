import type { ReactNode } from 'react';

/** What every widget gets from the grid: in edit mode, the controls that move, size and remove it. */
export interface WidgetProps {
  /** Shown in the widget's header instead of its own actions while the user arranges the workbench. */
  controls?: ReactNode;
}
