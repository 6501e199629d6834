import type { ApiResponse, api, OutputOf } from '@shelfwise/contract';
import { type Locale, pickLocale } from '@shelfwise/contract/i18n';
import { useEffect, useState } from 'react';

type SysInfo = OutputOf<typeof api.sysConfig.sysInfo>;

const TEXT: Record<Locale, { lead: string; docs: string; health: string; note: string }> = {
  en: {
    lead: 'The server is running. The web workspace is being built; until it ships, the API can be explored in the API docs.',
    docs: 'Open the API docs',
    health: 'Server status',
    note: 'Sign in to the API docs with the account printed when the server first started.',
  },
  'zh-cn': {
    lead: '服务器已启动。网页工作台正在建设中，上线前可在接口文档中使用全部接口。',
    docs: '打开接口文档',
    health: '服务器状态',
    note: '请使用服务器首次启动时打印的账号登录接口文档。',
  },
  'zh-tw': {
    lead: '伺服器已啟動。網頁工作台正在建置中，上線前可在介面文件中使用全部介面。',
    docs: '開啟介面文件',
    health: '伺服器狀態',
    note: '請使用伺服器首次啟動時列印的帳號登入介面文件。',
  },
};

/** Landing page served until the web application shell ships: branding from the server, links to the API. */
export function Placeholder() {
  const locale = pickLocale(navigator.language);
  const text = TEXT[locale];
  const [info, setInfo] = useState<SysInfo | null>(null);
  useEffect(() => {
    fetch('/api/sysConfig/sysInfo', { headers: { 'Accept-Language': locale } })
      .then((r) => r.json() as Promise<ApiResponse<SysInfo>>)
      .then((body) => {
        if (body.type === 'success') setInfo(body.result);
      })
      .catch(() => setInfo(null));
  }, [locale]);
  const title = info?.title || 'Shelfwise';
  useEffect(() => {
    document.title = title;
    document.documentElement.lang = locale;
  }, [title, locale]);
  return (
    <main className="page">
      <section className="card">
        <img className="logo" src={info?.logo || '/logo.svg'} alt="" width={56} height={56} />
        <h1>{title}</h1>
        {info?.viceTitle ? <p className="vice">{info.viceTitle}</p> : null}
        <p className="lead">{text.lead}</p>
        <div className="actions">
          <a className="primary" href="/swagger">
            {text.docs}
          </a>
          <a href="/health">{text.health}</a>
        </div>
        <p className="note">{text.note}</p>
      </section>
      {info?.copyright ? <footer>{info.copyright}</footer> : null}
    </main>
  );
}
