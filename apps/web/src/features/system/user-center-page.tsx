import { CameraOutlined, EditOutlined, UploadOutlined } from '@ant-design/icons';
import { AccountTypeEnum } from '@shelfwise/contract/enums';
import { Avatar, Button, Card, Col, Descriptions, Flex, Image, Row, Spin, Tabs, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuthImage } from '../../lib/api/use-auth-image';
import { EnumTag } from './enum-tag';
import { FavouriteMenus } from './favourite-menus';
import { ImageUpload } from './image-upload';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import { type Profile, useBaseInfo } from './user.api';
import './system.texts';

/** The left card: avatar (click to change), who the user is, and the e-signature. */
function ProfileCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation('system');
  const { token } = theme.useToken();
  const avatar = useAuthImage(profile.avatar);
  const signature = useAuthImage(profile.signature);
  const name = profile.realName || profile.account;
  return (
    <Card size="small" styles={{ body: { padding: 20 } }}>
      <Flex vertical align="center" gap={8}>
        <ImageUpload kind="avatar">
          <Flex vertical align="center" gap={6} style={{ cursor: 'pointer' }} data-testid="avatar-upload">
            <Avatar size={96} src={avatar} style={{ background: token.colorPrimary, fontSize: 36 }}>
              {name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Typography.Link style={{ fontSize: 12 }}>
              <CameraOutlined /> {t('center.changeAvatar')}
            </Typography.Link>
          </Flex>
        </ImageUpload>
        <Typography.Title level={4} style={{ margin: '4px 0 0' }}>
          {name}
        </Typography.Title>
        <EnumTag def={AccountTypeEnum} value={profile.accountType} />
      </Flex>
      <Descriptions
        column={1}
        size="small"
        style={{ marginTop: 16 }}
        items={[
          { key: 'account', label: t('user.account'), children: profile.account },
          { key: 'phone', label: t('user.phone'), children: profile.phone || '-' },
          { key: 'email', label: t('user.email'), children: profile.email || '-' },
          { key: 'org', label: t('user.org'), children: profile.orgName || '-' },
          { key: 'pos', label: t('user.pos'), children: profile.posName || '-' },
          {
            key: 'roles',
            label: t('user.roles'),
            children: profile.roleNames.length ? (
              <Flex wrap gap={4}>
                {profile.roleNames.map((r) => (
                  <Tag key={r} color="blue" style={{ marginInlineEnd: 0 }}>
                    {r}
                  </Tag>
                ))}
              </Flex>
            ) : (
              '-'
            ),
          },
          { key: 'lastLogin', label: t('user.lastLogin'), children: profile.lastLoginTime || '-' },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 8 }}>
        <EditOutlined /> {t('center.signature')}
      </Typography.Title>
      <Flex
        align="center"
        justify="center"
        style={{
          height: 120,
          border: `1px dashed ${token.colorBorder}`,
          borderRadius: token.borderRadius,
          background: token.colorFillQuaternary,
          marginBottom: 8,
        }}
      >
        {signature ? (
          <Image src={signature} alt={t('center.signature')} height={100} style={{ objectFit: 'contain' }} />
        ) : (
          <Typography.Text type="secondary">{t('center.noSignature')}</Typography.Text>
        )}
      </Flex>
      <Flex align="center" justify="space-between" gap={8} wrap>
        <ImageUpload kind="signature">
          <Button icon={<UploadOutlined />}>
            {profile.signature ? t('center.replaceSignature') : t('center.uploadSignature')}
          </Button>
        </ImageUpload>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('center.imageHint')}
        </Typography.Text>
      </Flex>
    </Card>
  );
}

/** Personal centre: profile card with avatar and e-signature; profile, password and favourite menus tabs. */
export default function UserCenterPage() {
  const { t } = useTranslation('system');
  const profile = useBaseInfo();
  if (!profile.data) {
    return (
      <Flex justify="center" style={{ padding: 64 }}>
        <Spin />
      </Flex>
    );
  }
  return (
    <Row gutter={12} style={{ padding: 12 }}>
      <Col xs={24} lg={8} xl={7} xxl={6}>
        <ProfileCard profile={profile.data} />
      </Col>
      <Col xs={24} lg={16} xl={17} xxl={18}>
        <Card size="small" styles={{ body: { padding: '4px 20px 20px' } }}>
          <Tabs
            items={[
              { key: 'profile', label: t('center.tabProfile'), children: <ProfileForm profile={profile.data} /> },
              { key: 'password', label: t('center.tabPassword'), children: <PasswordForm /> },
              { key: 'favourites', label: t('center.tabFavourites'), children: <FavouriteMenus /> },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
