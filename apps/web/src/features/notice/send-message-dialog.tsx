import { SendOutlined } from '@ant-design/icons';
import { App, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/client';
import { RevalidateOnLanguage } from '../../lib/i18n/revalidate';
import { useReceivers, useSendMessage } from './notice.api';

type Values = { receiverIds: number[]; title: string; content: string };

/** Sends a direct message to users of the tenant, picked by account or name. */
export function SendMessageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('notice');
  const { t: tc } = useTranslation('crud');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const receivers = useReceivers(open);
  const send = useSendMessage();
  const options = (receivers.data ?? []).map((u) => ({
    value: u.id,
    label: u.realName && u.realName !== u.account ? `${u.realName} (${u.account})` : u.account,
  }));

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch (e) {
      const count = (e as { errorFields?: unknown[] }).errorFields?.length ?? 1;
      void message.error(tc('formInvalid', { count }));
      return;
    }
    try {
      const count = await send.mutateAsync({
        receiverIds: values.receiverIds,
        title: values.title.trim(),
        content: values.content.trim(),
      });
      void message.success(t('send.sent', { count }));
      form.resetFields();
      onClose();
    } catch (e) {
      void message.error(e instanceof ApiError ? e.message : tc('saveFailed'));
    }
  };

  const required = (label: string) => ({ required: true, whitespace: true, message: tc('requiredField', { label }) });
  return (
    <Modal
      open={open}
      title={t('send.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('send.send')}
      okButtonProps={{ icon: <SendOutlined />, loading: send.isPending }}
      cancelText={tc('cancel')}
      maskClosable={false}
      width={600}
      destroyOnHidden
      data-testid="send-message-dialog"
    >
      <Form form={form} layout="vertical" name="sendMessage" preserve={false}>
        <RevalidateOnLanguage />
        <Form.Item
          name="receiverIds"
          label={t('send.receivers')}
          extra={t('send.receiversHint')}
          rules={[{ required: true, type: 'array', min: 1, message: t('send.receiversRequired') }]}
        >
          <Select
            mode="multiple"
            allowClear
            loading={receivers.isFetching}
            options={options}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={tc('select', { label: t('send.receivers') })}
            maxTagCount="responsive"
            popupMatchSelectWidth={false}
          />
        </Form.Item>
        <Form.Item name="title" label={t('send.subject')} rules={[required(t('send.subject'))]}>
          <Input maxLength={128} showCount placeholder={tc('enter', { label: t('send.subject') })} />
        </Form.Item>
        <Form.Item name="content" label={t('send.content')} rules={[required(t('send.content'))]}>
          <Input.TextArea
            rows={6}
            maxLength={10_000}
            showCount
            placeholder={tc('enter', { label: t('send.content') })}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
