import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Flex, Input, Skeleton, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSysInfo } from '../auth/session.api';
import './about.texts';

/** One shipped package as scripts/licenses.mjs lists it. */
interface LicensedPackage {
  name: string;
  version: string;
  license: string;
  usedBy: ('web' | 'server')[];
  url: string;
  text: string | null;
}

interface LicenceList {
  product: string;
  version: string;
  generatedAt: string;
  packages: LicensedPackage[];
}

/** The list the build wrote beside the web app (no network: a file of this server). */
async function loadLicences(): Promise<LicenceList> {
  const res = await fetch('/third-party-licenses.json');
  if (!res.ok || !res.headers.get('content-type')?.includes('json')) throw new Error(String(res.status));
  return res.json() as Promise<LicenceList>;
}

/** About: the product, its version and the licences of the third-party packages it ships. */
export default function AboutPage() {
  const { t } = useTranslation('about');
  const sys = useSysInfo();
  const list = useQuery({
    queryKey: ['about', 'licences'],
    queryFn: loadLicences,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [q, setQ] = useState('');
  const rows = useMemo(() => {
    const all = list.data?.packages ?? [];
    const needle = q.trim().toLowerCase();
    return needle ? all.filter((p) => `${p.name} ${p.license}`.toLowerCase().includes(needle)) : all;
  }, [list.data, q]);
  const byLicence = useMemo(() => {
    const counts = new Map<string, number>();
    for (const p of list.data?.packages ?? []) counts.set(p.license, (counts.get(p.license) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1]);
  }, [list.data]);

  return (
    <div style={{ padding: 12 }} data-testid="about-page">
      <Card style={{ marginBottom: 12 }}>
        <Flex gap={16} align="center" wrap>
          <img src={sys.data?.logo || '/logo.svg'} alt="" width={48} height={48} style={{ borderRadius: 8 }} />
          <div style={{ minWidth: 0, flex: 1 }}>
            <Typography.Title level={3} style={{ margin: 0 }}>
              Shelfwise
            </Typography.Title>
            <Typography.Text type="secondary">{t('description')}</Typography.Text>
          </div>
        </Flex>
        {list.data ? (
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            style={{ marginTop: 16 }}
            items={[
              {
                key: 'v',
                label: t('version'),
                children: <span data-testid="about-version">{list.data.version}</span>,
              },
              { key: 'g', label: t('built'), children: list.data.generatedAt.slice(0, 10) },
            ]}
          />
        ) : null}
      </Card>
      <Card title={t('licences')} data-testid="about-licences">
        <Typography.Paragraph type="secondary">{t('licencesHint')}</Typography.Paragraph>
        {list.isError ? (
          <Alert type="info" showIcon title={t('unavailable')} />
        ) : !list.data ? (
          <Skeleton active />
        ) : (
          <>
            <Flex gap={6} wrap style={{ marginBottom: 12 }}>
              <Typography.Text strong data-testid="about-licence-count">
                {t('summary', { count: list.data.packages.length })}
              </Typography.Text>
              {byLicence.map(([licence, n]) => (
                <Tag key={licence} style={{ cursor: 'pointer' }} onClick={() => setQ(licence)}>
                  {licence} · {n}
                </Tag>
              ))}
            </Flex>
            <Input.Search
              allowClear
              placeholder={t('search')}
              value={q}
              onChange={(e) => setQ(e.target.value)}
              style={{ maxWidth: 360, marginBottom: 12 }}
            />
            <Table<LicensedPackage>
              size="small"
              rowKey={(p) => `${p.name}@${p.version}`}
              dataSource={rows}
              pagination={{ defaultPageSize: 20, size: 'small', showSizeChanger: true }}
              tableLayout="fixed"
              expandable={{
                expandedRowRender: (p) =>
                  p.text ? (
                    <pre style={{ whiteSpace: 'pre-wrap', maxHeight: 320, overflow: 'auto', margin: 0, fontSize: 12 }}>
                      {p.text}
                    </pre>
                  ) : (
                    <Typography.Text type="secondary">{t('noText')}</Typography.Text>
                  ),
              }}
              columns={[
                {
                  title: t('name'),
                  dataIndex: 'name',
                  sorter: (a, b) => a.name.localeCompare(b.name),
                  render: (v: string, p) => (
                    <Typography.Link
                      href={p.url}
                      target="_blank"
                      rel="noreferrer noopener"
                      style={{ wordBreak: 'break-word' }}
                    >
                      {v}
                    </Typography.Link>
                  ),
                },
                { title: t('packageVersion'), dataIndex: 'version', width: 110, responsive: ['sm'] },
                {
                  title: t('license'),
                  dataIndex: 'license',
                  width: 130,
                  render: (v: string) => <span style={{ wordBreak: 'break-word' }}>{v}</span>,
                  sorter: (a, b) => a.license.localeCompare(b.license),
                },
                {
                  title: t('usedBy'),
                  dataIndex: 'usedBy',
                  width: 150,
                  responsive: ['md'],
                  render: (v: LicensedPackage['usedBy']) => v.map((u) => <Tag key={u}>{t(u)}</Tag>),
                },
              ]}
            />
          </>
        )}
      </Card>
    </div>
  );
}
