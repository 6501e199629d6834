import { registerTexts } from '../../lib/i18n/i18n';

const en = {
  title: 'Online users',
  account: 'Account',
  realName: 'Name',
  tenant: 'Tenant id',
  ip: 'IP address',
  browser: 'Browser',
  os: 'Operating system',
  loginTime: 'Signed in',
  connectTime: 'Online since',
  connections: 'Connections',
  forceOffline: 'Force offline',
  forceTitle: 'Force this user offline?',
  forceConfirm: '{{name}} will be signed out at once on this session and sent to the sign-in page.',
  forced: '{{name}} has been signed out',
  yourself: 'This is your own session; sign out instead',
  you: 'You',
  autoRefresh: 'Refreshed every 30 seconds',
};

const zhCn: typeof en = {
  title: '在线用户',
  account: '账号',
  realName: '姓名',
  tenant: '租户 ID',
  ip: 'IP 地址',
  browser: '浏览器',
  os: '操作系统',
  loginTime: '登录时间',
  connectTime: '上线时间',
  connections: '连接数',
  forceOffline: '强制下线',
  forceTitle: '强制该用户下线？',
  forceConfirm: '{{name}} 的此会话将立即退出登录并返回登录页。',
  forced: '{{name}} 已被强制下线',
  yourself: '这是您自己的会话，请使用退出登录',
  you: '本人',
  autoRefresh: '每 30 秒自动刷新',
};

const zhTw: typeof en = {
  title: '線上使用者',
  account: '帳號',
  realName: '姓名',
  tenant: '租戶 ID',
  ip: 'IP 位址',
  browser: '瀏覽器',
  os: '作業系統',
  loginTime: '登入時間',
  connectTime: '上線時間',
  connections: '連線數',
  forceOffline: '強制下線',
  forceTitle: '強制這位使用者下線？',
  forceConfirm: '{{name}} 的此工作階段將立即登出並返回登入頁。',
  forced: '{{name}} 已被強制下線',
  yourself: '這是您自己的工作階段，請改用登出',
  you: '本人',
  autoRefresh: '每 30 秒自動重新整理',
};

registerTexts('onlineUser', { en, 'zh-cn': zhCn, 'zh-tw': zhTw });
