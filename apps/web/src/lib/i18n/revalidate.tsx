import { Form } from 'antd';
import { useEffect } from 'react';
import { useI18nReady } from './i18n';

/**
 * Put inside an antd `Form`: when the reader picks another language, the fields showing an error are checked
 * again, so their messages (written when they were checked) appear in the new language.
 */
export function RevalidateOnLanguage() {
  const form = Form.useFormInstance();
  const locale = useI18nReady((s) => s.locale);
  useEffect(() => {
    const failing = form
      .getFieldsError()
      .filter((f) => f.errors.length > 0)
      .map((f) => f.name);
    if (locale && failing.length > 0) form.validateFields(failing).catch(() => undefined);
  }, [form, locale]);
  return null;
}
