/** Which locations to label: chosen ids, or every location of one area. */
export type LabelSelection = { ids: number[] } | { areaId: number };

/** Preview, print and PDF of location labels; open while `selection` is set. (Placeholder until the labels work lands.) */
export default function LabelPrintDialog(_props: { selection: LabelSelection | null; onClose: () => void }) {
  return null;
}
