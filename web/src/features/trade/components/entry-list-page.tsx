/**
 * A trade page of entries (educations, jobs): the list from the trade
 * account, "Add" opening the entry's form in a dialog, Delete after
 * confirmation. A page gives its columns, its fields and its two calls.
 */
import type { CallContract, CallRequest } from '@ac/protocol/contract';
import type { TTradeAccount } from '@ac/protocol/trade';
import { App, Button, Card, Form, type TableColumnsType } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useTradeCall } from '../api/trade-account';
import { EntryModal } from './entry-modal';
import { EntryTable } from './entry-table';
import { TradePage } from './trade-page';
import { useReport } from './use-report';

/** A call that deletes one entry by its id. */
type DeleteCall = CallContract<z.ZodType<unknown, { id: string }>>;

type Props<TRow extends { id: string }, TValues extends object, S extends CallContract> = {
  title: string;
  description: string;
  addLabel: string;
  /** The form's name (the prefix of its field ids). */
  name: string;
  rowsOf: (account: TTradeAccount) => TRow[];
  columns: TableColumnsType<TRow>;
  labelOf: (row: TRow) => string;
  saveCall: S;
  toPayload: (values: TValues) => CallRequest<S>;
  deleteCall: DeleteCall;
  /** The form's fields. */
  children: ReactNode;
};

export function EntryListPage<TRow extends { id: string }, TValues extends object, S extends CallContract>(
  p: Props<TRow, TValues, S>,
) {
  const { t } = useTranslation('trade');
  const { message } = App.useApp();
  const report = useReport();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<TValues>();
  const save = useTradeCall(p.saveCall);
  const remove = useTradeCall(p.deleteCall);

  const submit = (values: TValues) =>
    save.mutate(p.toPayload(values), {
      onSuccess: () => {
        setOpen(false);
        void message.success(t('trade.saved'));
      },
    });
  const add = () => {
    save.reset();
    setOpen(true);
  };

  return (
    <TradePage
      title={p.title}
      description={p.description}
      extra={() => (
        <Button type="primary" onClick={add}>
          {p.addLabel}
        </Button>
      )}
    >
      {(account) => (
        <Card>
          <EntryTable<TRow>
            rows={p.rowsOf(account)}
            label={p.title}
            testId={`${p.name}-table`}
            columns={p.columns}
            labelOf={p.labelOf}
            onDelete={(row) => report(remove.mutateAsync({ id: row.id }), t('trade.deleted'))}
          />
          <EntryModal<TValues>
            open={open}
            title={p.addLabel}
            name={p.name}
            form={form}
            pending={save.isPending}
            error={save.error}
            onSubmit={submit}
            onClose={() => setOpen(false)}
          >
            {p.children}
          </EntryModal>
        </Card>
      )}
    </TradePage>
  );
}
