import type { Locale } from '@shelfwise/contract';

/** The docs pages' own texts: the sign-in page and the title and introduction of the document. */
export const DOC_TEXTS: Record<
  Locale,
  Record<'title' | 'hint' | 'account' | 'password' | 'code' | 'submit' | 'fail' | 'docTitle' | 'docDescription', string>
> = {
  en: {
    title: 'Shelfwise API docs',
    hint: 'Sign in with your account to read the API documentation.',
    account: 'Account',
    password: 'Password',
    code: 'Verification code',
    submit: 'Sign in',
    fail: 'Login failed, please check your account!',
    docTitle: 'Shelfwise API',
    docDescription:
      'Every response is wrapped as {code, type, message, result, extras, time}. Send `Authorization: Bearer <accessToken>`; ' +
      'see the API contract for the refresh protocol.',
  },
  'zh-cn': {
    title: 'Shelfwise 接口文档',
    hint: '请使用您的账号登录后查看接口文档。',
    account: '账号',
    password: '密码',
    code: '验证码',
    submit: '登录',
    fail: '登录失败，请检查账号！',
    docTitle: 'Shelfwise 接口',
    docDescription:
      '每个响应都包装为 {code, type, message, result, extras, time}。请求时发送 `Authorization: Bearer <accessToken>`；' +
      '刷新令牌的方式见接口约定。',
  },
  'zh-tw': {
    title: 'Shelfwise 介面文件',
    hint: '請使用您的帳號登入後查看介面文件。',
    account: '帳號',
    password: '密碼',
    code: '驗證碼',
    submit: '登入',
    fail: '登入失敗，請檢查帳號！',
    docTitle: 'Shelfwise 介面',
    docDescription:
      '每個回應都包裝為 {code, type, message, result, extras, time}。請求時傳送 `Authorization: Bearer <accessToken>`；' +
      '重新整理權杖的方式見介面約定。',
  },
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/**
 * The sign-in page in front of the API docs, in a language (the web app's, handed over, else the browser's); no
 * inline script: the CSP allows scripts from this server only.
 */
export function loginPage(locale: Locale): string {
  const t = Object.fromEntries(Object.entries(DOC_TEXTS[locale]).map(([k, v]) => [k, escapeHtml(v)]));
  return `<!doctype html>
<html lang="${locale === 'en' ? 'en' : locale === 'zh-cn' ? 'zh-CN' : 'zh-TW'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${t.title}</title>
<style>
body{margin:0;font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"PingFang SC","Microsoft YaHei",sans-serif;background:#f0f2f5;color:#1f1f1f;display:flex;min-height:100vh;align-items:center;justify-content:center}
form{background:#fff;padding:32px;border-radius:8px;box-shadow:0 6px 16px rgba(0,0,0,.08);width:320px}
h1{font-size:20px;margin:0 0 4px;color:#0F59A4}p{margin:0 0 20px;color:#666}
label{display:block;margin:12px 0 4px}input{width:100%;box-sizing:border-box;padding:8px 10px;border:1px solid #d9d9d9;border-radius:6px;font:inherit}
input:focus{outline:none;border-color:#0F59A4;box-shadow:0 0 0 2px rgba(15,89,164,.15)}
button{margin-top:20px;width:100%;padding:9px;border:0;border-radius:6px;background:#0F59A4;color:#fff;font:inherit;cursor:pointer}
#err{color:#d4380d;min-height:21px;margin-top:12px}
.cap{display:flex;gap:8px;align-items:center}.cap img{height:36px;cursor:pointer;border-radius:4px}
</style></head>
<body><form id="f" autocomplete="on" data-lang="${locale}" data-fail="${t.fail}">
<h1>${t.title}</h1><p>${t.hint}</p>
<label for="u">${t.account}</label><input id="u" name="UserName" autocomplete="username" required>
<label for="p">${t.password}</label><input id="p" name="Password" type="password" autocomplete="current-password" required>
<div id="cap" hidden><label for="c">${t.code}</label>
<div class="cap"><input id="c" name="code" autocomplete="off" inputmode="numeric"><img id="ci" alt="${t.code}"></div>
<input id="ci-id" name="codeId" type="hidden"></div>
<button type="submit">${t.submit}</button><div id="err" role="alert"></div>
</form><script src="/swagger-login.js"></script></body></html>`;
}

/** The page's script: posts the form to `submitUrl` in the page's language, then opens the docs. */
export const LOGIN_SCRIPT = `(function(){
var f=document.getElementById('f');var lang=f.getAttribute('data-lang')||'en';var fail=f.getAttribute('data-fail');
var cap=false;
function captcha(){if(!cap)return;fetch('/api/sysAuth/captcha').then(function(r){return r.json();}).then(function(j){
if(!j||!j.result)return;document.getElementById('ci').src=j.result.img;document.getElementById('ci-id').value=j.result.id;
document.getElementById('c').value='';}).catch(function(){});}
fetch('/api/sysConfig/sysInfo').then(function(r){return r.json();}).then(function(j){
if(j&&j.result&&j.result.captcha===1){cap=true;document.getElementById('cap').hidden=false;document.getElementById('c').required=true;captcha();}
}).catch(function(){});
document.getElementById('ci').addEventListener('click',captcha);
f.addEventListener('submit',function(e){e.preventDefault();
var body=new URLSearchParams(new FormData(e.target));if(!cap){body.delete('code');body.delete('codeId');}
fetch('/api/swagger/submitUrl',{method:'POST',body:body,headers:{'Accept-Language':lang},credentials:'same-origin'}).then(function(r){
if(r.ok){var q=new URLSearchParams(location.search).get('redirect')||'/swagger';location.href=q.indexOf('/swagger')===0?q:'/swagger';return;}
captcha();return r.json().then(function(j){document.getElementById('err').textContent=(j&&j.message)||fail;});
}).catch(function(){document.getElementById('err').textContent=fail;});});
})();`;

/** The Shelfwise mark (same as the web app's /logo.svg), shown in the Swagger UI top bar. */
export const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="40" height="40"><rect width="64" height="64" rx="14" fill="#0F59A4"/><g fill="#fff"><rect x="12" y="14" width="40" height="5" rx="2"/><rect x="12" y="29.5" width="40" height="5" rx="2"/><rect x="12" y="45" width="40" height="5" rx="2"/><rect x="16" y="21" width="8" height="8" rx="1.5"/><rect x="27" y="21" width="8" height="8" rx="1.5" opacity=".7"/><rect x="20" y="36.5" width="8" height="8" rx="1.5" opacity=".85"/><rect x="38" y="36.5" width="8" height="8" rx="1.5"/></g></svg>`;
