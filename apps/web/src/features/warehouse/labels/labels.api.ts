import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { postDownload } from '../../../lib/api/files';

/** Which locations to label (ids or one area), as the labels endpoint takes it. */
export type LabelsInput = RouteInput<typeof api.warehouseLocation.labels>;
/** What one label shows. */
export type LocationLabel = RouteOutput<typeof api.warehouseLocation.labels>[number];
/** A label PDF layout. */
export type LabelLayout = NonNullable<RouteInput<typeof api.warehouseLocation.labelsPdf>['layout']>;

/** Query keys of the labels feature. */
export const labelKeys = {
  all: ['warehouseLocation', 'labels'] as const,
  of: (input: LabelsInput) => ['warehouseLocation', 'labels', input] as const,
};

/** The labels of a selection (silently: the dialog shows a failure itself). */
export function useLocationLabels(input: LabelsInput | null) {
  return useQuery({
    queryKey: labelKeys.of(input ?? {}),
    queryFn: () => call(api.warehouseLocation.labels, input ?? {}, { silent: true }),
    enabled: !!input,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Downloads the labels of a selection as a PDF in the layout. */
export function downloadLabelsPdf(input: LabelsInput, layout: LabelLayout): Promise<void> {
  return postDownload(api.warehouseLocation.labelsPdf, { ...input, layout }, 'location-labels.pdf');
}
