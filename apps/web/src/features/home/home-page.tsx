import { Col, Row } from 'antd';
import { WelcomeWidget } from './welcome-widget';

/** Workbench (/dashboard/home): the widget grid; the other widgets join with the insight milestone. */
export default function HomePage() {
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24}>
        <WelcomeWidget />
      </Col>
    </Row>
  );
}
