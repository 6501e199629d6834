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
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is what the check runs again for
  useEffect(() => {
    // on the first render no field has been checked: nothing to do
    const failing = form.getFieldsError().flatMap((f) => (f.errors.length ? [f.name] : []));
    if (failing.length) form.validateFields(failing).catch(() => undefined);
  }, [form, locale]);
  return null;
}
