/** /invoice/addTitle: add an invoice title, or edit one (?id=). */
import { calls } from '@ac/protocol/calls';
import type { TInvoiceTitle } from '@ac/protocol/invoice';
import { titleRuleViolation } from '@ac/protocol/invoice';
import { App, Button, Card, Checkbox, Form, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FormError } from '@/components/form-error';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { paths } from '@/config/paths';
import { useCall, useCallMutation } from '@/lib/api/use-call';
import { TitleFields, type TitleFormValues, titleOf } from '../components/title-fields';

type Values = TitleFormValues & { isDefault: boolean };

function TitleForm({ editing }: { editing: TInvoiceTitle | undefined }) {
  const { t } = useTranslation(['invoice', 'errors']);
  const navigate = useNavigate();
  const { message } = App.useApp();
  const save = useCallMutation(calls.invoice.saveTitle, { invalidates: [calls.invoice.titles] });
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? editing?.kind ?? 'company';
  const submit = (v: Values) => {
    const title = titleOf(v);
    const broken = titleRuleViolation(title);
    if (broken) {
      form.setFields([{ name: 'taxNo', errors: [t(`errors.${broken}`)] }]);
      return;
    }
    save.mutate(
      { ...title, id: editing?.id, isDefault: v.isDefault },
      {
        onSuccess: () => {
          message.success(t('invoice.saved'));
          navigate(paths.invoiceTitle.path);
        },
      },
    );
  };
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={editing ?? { kind: 'company', isDefault: false }}
      onFinish={submit}
    >
      <FormError error={save.error} />
      <TitleFields type="ordinary" kind={kind} />
      <Form.Item name="isDefault" valuePropName="checked">
        <Checkbox>{t('invoice.makeDefault')}</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('invoice.save')}
      </Button>
    </Form>
  );
}

export function InvoiceAddTitlePage() {
  const { t } = useTranslation('invoice');
  const [search] = useSearchParams();
  const id = search.get('id');
  const titles = useCall(calls.invoice.titles, {});
  const editing = id ? titles.data?.rows.find((r) => r.id === id) : undefined;
  return (
    <>
      <PageHeader
        title={id ? t('invoice.editTitleTitle') : t('invoice.addTitleTitle')}
        description={t('invoice.addTitleDescription')}
      />
      <Card>
        <QueryErrorAlert query={titles} />
        {id && titles.isPending ? <Spin /> : <TitleForm key={editing?.id ?? 'new'} editing={editing} />}
      </Card>
    </>
  );
}
