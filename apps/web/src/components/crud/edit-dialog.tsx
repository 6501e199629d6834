import { Alert, App, Button, Form, Modal } from 'antd';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/client';
import { RevalidateOnLanguage } from '../../lib/i18n/revalidate';
import { type FieldConfig, FormFields } from './form-fields';
import { useClickGuard } from './use-click-guard';
import { type InputSchema, issuesByField } from './zod-form';

type Values = Record<string, unknown>;

/** Props of an edit dialog: fields by configuration, the endpoint's input schema, and the save call. */
export interface EditDialogProps<V extends Values> {
  open: boolean;
  title: ReactNode;
  fields: FieldConfig[];
  /** Values the form starts with (the edited row, or defaults when adding). */
  initialValues?: Partial<V>;
  /** The endpoint's Zod input schema; the body is checked against it before it is sent. */
  schema: InputSchema;
  /** Turns form values into the endpoint's body (trimmed texts, id of the edited row, ...). */
  toInput?: (values: V) => unknown;
  /** Sends the body; should call the API silently (the dialog shows the outcome). */
  onSubmit: (input: unknown) => Promise<unknown>;
  onClose: () => void;
  width?: number;
  /** Re-renders extra fields as values change (kind-specific forms). */
  children?: (values: Partial<V>) => FieldConfig[];
  testId?: string;
}

/** Trims the text values of a form (docs/web-shell.md#validation-on-the-page: text is trimmed of surrounding whitespace); empty texts become null. */
export function trimValues<V extends Values>(values: V): V {
  const out: Values = {};
  for (const [k, v] of Object.entries(values)) {
    if (typeof v === 'string') {
      const s = v.trim();
      out[k] = s === '' ? null : s;
    } else out[k] = v;
  }
  return out as V;
}

/**
 * An antd Modal with a configured form. On submit it checks antd's rules and the endpoint's Zod schema, marks the
 * failing fields and says how many fail (docs/web-shell.md#validation-on-the-page), shows the server's field errors on the fields, and toasts the
 * outcome (docs/web-shell.md#errors).
 */
export function EditDialog<V extends Values>(props: EditDialogProps<V>) {
  // mounted only while open: every opening gets a fresh form that starts from the given values
  return props.open ? <OpenEditDialog {...props} /> : null;
}

function OpenEditDialog<V extends Values>(props: EditDialogProps<V>) {
  const { open, title, fields, initialValues, schema, toInput, onSubmit, onClose, width = 640, children } = props;
  const { t } = useTranslation('crud');
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  // a form name of its own keeps field ids (and so label links) unique beside the page's search form
  const formName = `edit${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const [failing, setFailing] = useState(0);
  const [saving, setSaving] = useState(false);
  const { guarded, trigger } = useClickGuard();
  const watched = (Form.useWatch([], form) ?? {}) as Partial<V>;

  const allFields = children ? [...fields, ...children(watched)] : fields;

  const submit = async () => {
    if (guarded) return;
    trigger();
    const failed = new Map<string, string[]>();
    try {
      await form.validateFields();
    } catch (e) {
      for (const f of (e as { errorFields?: { name: (string | number)[]; errors: string[] }[] }).errorFields ?? [])
        failed.set(String(f.name[0]), f.errors);
    }
    // only the dialog's own fields are sent (the edited row also holds audit columns and the like)
    const store = form.getFieldsValue(true) as Values;
    const values = trimValues(Object.fromEntries(allFields.map((f) => [f.name, store[f.name]])) as V);
    const input = toInput ? toInput(values) : values;
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const known = new Set(allFields.map((f) => f.name));
      for (const [name, msg] of issuesByField(parsed.error?.issues ?? [], t)) {
        const field = known.has(name) ? name : '';
        if (!failed.has(field)) failed.set(field, [msg]);
      }
    }
    if (failed.size > 0) {
      form.setFields(
        [...failed].filter(([name]) => name !== '').map(([name, errors]) => ({ name: name as never, errors })),
      );
      setFailing(failed.size);
      void message.error(t('formInvalid', { count: failed.size }));
      return;
    }
    setFailing(0);
    setSaving(true);
    try {
      await onSubmit(input);
      void message.success(t('saved'));
      onClose();
    } catch (e) {
      const err = e instanceof ApiError ? e : undefined;
      if (err?.fieldErrors) {
        const entries = Object.entries(err.fieldErrors).filter(([name]) => allFields.some((f) => f.name === name));
        form.setFields(entries.map(([name, errors]) => ({ name: name as never, errors })));
        if (entries.length) setFailing(entries.length);
      }
      void message.error(err?.message || t('saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onCancel={onClose}
      maskClosable={false}
      data-testid={props.testId}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={saving} disabled={guarded} onClick={() => void submit()}>
          {t('ok')}
        </Button>,
      ]}
    >
      {failing > 0 ? (
        <Alert type="error" showIcon title={t('formInvalid', { count: failing })} style={{ marginBottom: 16 }} />
      ) : null}
      <Form form={form} name={formName} layout="vertical" initialValues={initialValues} onFinish={() => void submit()}>
        <RevalidateOnLanguage />
        <FormFields fields={allFields} />
      </Form>
    </Modal>
  );
}
