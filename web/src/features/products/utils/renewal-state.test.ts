import { SUBSCRIPTION_STATES } from '@ac/protocol/enums';
import { describe, expect, it } from 'vitest';
import { renewalActions, renewalState } from './renewal-state';

describe('renewalState', () => {
  it('says renews on, cancelled — ends on, failed — retried, pending and ended', () => {
    expect(renewalState({ state: 'active', cancelAtPeriodEnd: false }).key).toBe('products.renewalRenews');
    expect(renewalState({ state: 'active', cancelAtPeriodEnd: true }).key).toBe('products.renewalCancelled');
    expect(renewalState({ state: 'pastDue', cancelAtPeriodEnd: false }).key).toBe('products.renewalPastDue');
    expect(renewalState({ state: 'pending', cancelAtPeriodEnd: false }).key).toBe('products.renewalPending');
    expect(renewalState({ state: 'ended', cancelAtPeriodEnd: true }).key).toBe('products.renewalEnded');
  });
});

describe('renewalActions', () => {
  it('offers cancel while renewing, resume once cancelled, the card while live, nothing pending or ended', () => {
    const offered = SUBSCRIPTION_STATES.flatMap((state) =>
      [false, true].map((cancelAtPeriodEnd) => [
        state,
        cancelAtPeriodEnd,
        renewalActions({ state, cancelAtPeriodEnd, provider: 'stripe' }),
      ]),
    );
    expect(offered).toEqual([
      ['pending', false, []],
      ['pending', true, []],
      ['active', false, ['cancel', 'card']],
      ['active', true, ['resume', 'card']],
      ['pastDue', false, ['cancel', 'card']],
      ['pastDue', true, ['resume', 'card']],
      ['ended', false, []],
      ['ended', true, []],
    ]);
  });
});

describe('renewalActions of an Alipay agreement', () => {
  it('offers cancel and resume but no card: Alipay deducts from the member’s Alipay account', () => {
    expect(renewalActions({ state: 'active', cancelAtPeriodEnd: false, provider: 'alipay' })).toEqual(['cancel']);
    for (const provider of ['appStore', 'googlePlay', 'fastspring'] as const) {
      expect(renewalActions({ state: 'active', cancelAtPeriodEnd: false, provider })).toEqual([]);
      expect(renewalActions({ state: 'active', cancelAtPeriodEnd: true, provider })).toEqual([]);
    }
    expect(renewalActions({ state: 'active', cancelAtPeriodEnd: true, provider: 'alipay' })).toEqual(['resume']);
    expect(renewalActions({ state: 'pastDue', cancelAtPeriodEnd: false, provider: 'alipay' })).toEqual(['cancel']);
  });
});
