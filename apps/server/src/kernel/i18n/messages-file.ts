import type { I18nText } from '@shelfwise/contract';

/** Texts of the file service (platform/file): its error codes and schema checks. */
export const FILE_MESSAGES: Record<string, I18nText> = {
  fileTypeNotAllowed: {
    en: 'This kind of file cannot be uploaded: only pictures (png, jpg, gif, webp), PDF, Office documents, zip archives and plain text',
    'zh-cn': '不能上传此类文件：只允许图片（png、jpg、gif、webp）、PDF、Office 文档、zip 压缩包和纯文本',
    'zh-tw': '不能上傳此類檔案：只允許圖片（png、jpg、gif、webp）、PDF、Office 文件、zip 壓縮檔和純文字',
  },
  fileTypeMismatch: {
    en: 'The file "{name}" is not what its name says: its content is {actual}',
    'zh-cn': '文件“{name}”与其扩展名不符：其内容为 {actual}',
    'zh-tw': '檔案「{name}」與其副檔名不符：其內容為 {actual}',
  },
  fileInUse: {
    en: 'The file is still used by a record ({use}) and cannot be deleted',
    'zh-cn': '该文件仍被记录使用（{use}），不能删除',
    'zh-tw': '該檔案仍被記錄使用（{use}），不能刪除',
  },
  fileLinkInvalid: {
    en: 'This file link is not valid',
    'zh-cn': '此文件链接无效',
    'zh-tw': '此檔案連結無效',
  },
  fileLinkExpired: {
    en: 'This file link has expired; open the file again from the list',
    'zh-cn': '此文件链接已过期，请从列表重新打开文件',
    'zh-tw': '此檔案連結已過期，請從清單重新開啟檔案',
  },
  file_name_invalid: {
    en: 'A file name cannot contain / \\ or ..',
    'zh-cn': '文件名不能包含 / \\ 或 ..',
    'zh-tw': '檔案名稱不能包含 / \\ 或 ..',
  },
  // what uses a file (the `use` of fileInUse)
  biz_userAvatar: { en: 'an account’s avatar', 'zh-cn': '账号头像', 'zh-tw': '帳號頭像' },
  biz_userSignature: { en: 'an account’s e-signature', 'zh-cn': '账号电子签名', 'zh-tw': '帳號電子簽名' },
  biz_warehouseFloorPlan: { en: 'a warehouse floor plan', 'zh-cn': '仓库平面图', 'zh-tw': '倉庫平面圖' },
  biz_inventoryLinePicture: { en: 'a count line picture', 'zh-cn': '盘点明细图片', 'zh-tw': '盤點明細圖片' },
  biz_tenantLogo: { en: 'the tenant logo', 'zh-cn': '租户标志', 'zh-tw': '租戶標誌' },
};
