/** English texts of the warehouse master-data pages (namespace `warehouse`), keyed by page. */
export const warehouseEn = {
  common: {
    status: 'Status',
    remark: 'Remark',
    createTime: 'Created',
    codeRule: 'Start with a letter or digit; use only letters, digits, _ . or -',
    exportFailed: 'The export failed',
  },
  import: {
    button: 'Import',
  },
  consignor: {
    title: 'Consignors',
    add: 'Add consignor',
    edit: 'Edit consignor',
    code: 'Consignor code',
    name: 'Consignor name',
    contactName: 'Contact',
    contactPhone: 'Contact phone',
    email: 'Email',
    address: 'Address',
    skuCount: 'SKUs',
    keyword: 'Code, name or contact',
    inUse: 'It still has {{count}} SKUs',
    batchDeleted: '{{deleted}} deleted, {{skipped}} skipped (they still have SKUs)',
  },
  sku: {
    title: 'SKUs',
    add: 'Add SKU',
    edit: 'Edit SKU',
    code: 'SKU code',
    name: 'SKU name',
    consignor: 'Consignor',
    unit: 'Unit',
    unitHint: 'e.g. pcs, box, kg',
    boxGauge: 'Units per carton',
    unitWeight: 'Unit weight (kg)',
    unitVolume: 'Unit volume (m³)',
    unitValue: 'Unit value',
    barcodes: 'Barcodes',
    barcodesHint: 'Type or scan a barcode and press Enter; GTIN-8/12/13/14 check digits are verified',
    barcode: 'Barcode',
    keyword: 'Code, name or barcode',
    barcodeInvalid: '{{value}} is not a valid barcode',
    batchDeleted: '{{deleted}} deleted, {{skipped}} skipped',
  },
};

/** The shape every language of the namespace has. */
export type WarehouseTexts = typeof warehouseEn;
