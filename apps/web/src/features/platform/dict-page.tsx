import { Col, Row } from 'antd';
import { useState } from 'react';
import type { DictTypeRow } from './dict.api';
import { DictDataPanel } from './dict-data-panel';
import { DictTypePanel } from './dict-type-panel';
import './platform.texts';

/** Dictionaries: types on the left, the values of the selected type on the right. */
export default function DictPage() {
  const [type, setType] = useState<DictTypeRow>();
  return (
    <Row gutter={12} style={{ padding: 12 }}>
      <Col xs={24} xl={11}>
        <DictTypePanel selected={type} onSelect={setType} />
      </Col>
      <Col xs={24} xl={13}>
        <DictDataPanel key={type?.id ?? 0} type={type} />
      </Col>
    </Row>
  );
}
