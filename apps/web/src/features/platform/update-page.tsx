import { ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { updateKeys, useChangelog, useHealth, useMigrations, useUpdateVersion } from './update.api';
import { BackupsCard } from './update-backups';
import { ChangelogCard, HealthCard, MigrationsCard, VersionCard } from './update-cards';
import './update.texts';

/** Platform > Updates: what runs, its health and migrations, backups of the embedded database, the changelog. */
export default function UpdatePage() {
  const { t } = useTranslation('update');
  const qc = useQueryClient();
  const version = useUpdateVersion();
  const health = useHealth();
  const migrations = useMigrations();
  const changelog = useChangelog();
  return (
    <div style={{ padding: 12 }} data-testid="update-page">
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }} gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Button icon={<ReloadOutlined />} onClick={() => void qc.invalidateQueries({ queryKey: updateKeys.all })}>
          {t('refresh')}
        </Button>
      </Flex>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={12}>
          <VersionCard data={version.data} />
        </Col>
        <Col xs={24} xl={12}>
          <HealthCard data={health.data} />
        </Col>
        <Col xs={24}>
          <BackupsCard version={version.data} />
        </Col>
        <Col xs={24} xxl={12}>
          <MigrationsCard data={migrations.data} />
        </Col>
        <Col xs={24} xxl={12}>
          <ChangelogCard data={changelog.data} />
        </Col>
      </Row>
    </div>
  );
}
