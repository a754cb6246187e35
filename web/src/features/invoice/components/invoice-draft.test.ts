import { afterEach, describe, expect, it } from 'vitest';
import { clearToken, setToken } from '@/lib/session/token';
import { clearInvoiceDraft, DRAFT_KEY, draftTotal, readInvoiceDraft, updateInvoiceDraft } from './invoice-draft';

const order = (orderNo: string, amount: number) => ({
  orderNo,
  goodsName: 'Viewer Premium',
  amount: { amount, currency: 'CNY' as const },
});

afterEach(() => {
  clearInvoiceDraft();
  clearToken();
});

describe('the invoice draft', () => {
  it('keeps the selected orders, type, title and company header for the token that made it', () => {
    setToken('token-a');
    updateInvoiceDraft({ orders: [order('A1', 12800), order('A2', 6000)], type: 'specialVat' });
    updateInvoiceDraft({ companyHeader: { companyName: '浩辰测试公司', token: 'token-a' }, titleId: 't1' });
    expect(readInvoiceDraft()).toEqual({
      orders: [order('A1', 12800), order('A2', 6000)],
      type: 'specialVat',
      titleId: 't1',
      companyHeader: { companyName: '浩辰测试公司', token: 'token-a' },
    });
    expect(JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? '{}').token).toBe('token-a');
  });

  it('shows nothing of another login: a new token starts empty', () => {
    setToken('token-a');
    updateInvoiceDraft({ orders: [order('A1', 12800)], companyHeader: { companyName: 'A Co.', token: 'token-a' } });
    setToken('token-b');
    expect(readInvoiceDraft()).toEqual({ orders: [], type: 'ordinary', titleId: null, companyHeader: null });
  });

  it('drops a company header read for another token', () => {
    setToken('token-a');
    updateInvoiceDraft({ orders: [order('A1', 1)], companyHeader: { companyName: 'B Co.', token: 'token-b' } });
    expect(readInvoiceDraft().companyHeader).toBeNull();
    expect(readInvoiceDraft().orders).toHaveLength(1);
  });

  it('sums the selected orders for display', () => {
    expect(draftTotal([])).toBeNull();
    expect(draftTotal([order('A1', 12800), order('A2', 6000)])).toEqual({ amount: 18800, currency: 'CNY' });
  });
});
