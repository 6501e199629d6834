import { isValidBarcode } from '@shelfwise/contract';
import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import './warehouse.texts';

/**
 * The barcodes of a SKU as an editable list of tags: type or scan a code and press Enter (`;`, `,` and spaces
 * also separate codes). Invalid codes (bad GTIN check digit, spaces, too long) are shown in red; the form's schema
 * refuses them on save.
 */
export function BarcodeEditor({
  value,
  onChange,
  id,
}: {
  value?: string[] | null;
  onChange?: (v: string[]) => void;
  id?: string;
}) {
  const { t } = useTranslation('warehouse');
  return (
    <Select
      id={id}
      mode="tags"
      open={false}
      suffixIcon={null}
      value={value ?? []}
      onChange={(v: string[]) => onChange?.([...new Set(v.map((s) => s.trim()).filter(Boolean))])}
      tokenSeparators={[';', ',', ' ', '；']}
      placeholder={t('sku.barcodesHint')}
      data-testid="sku-barcodes"
      tagRender={({ value: code, closable, onClose }) => {
        const ok = isValidBarcode(String(code));
        return (
          <Tag
            color={ok ? 'blue' : 'error'}
            closable={closable}
            onClose={onClose}
            style={{ marginInlineEnd: 4 }}
            title={ok ? undefined : t('sku.barcodeInvalid', { value: code })}
          >
            {String(code)}
          </Tag>
        );
      }}
    />
  );
}
