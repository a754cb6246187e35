import { calls } from '@ac/protocol/calls';
import { Code, formatMessage } from '@ac/protocol/codes';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer } from '@/test/install-fake-server';
import { renderWithApp } from '@/test/render-with-app';
import { CancelOrderButton } from './cancel-order-button';

const server = installFakeServer();

describe('cancel order button', () => {
  it('a refusal (2000003) names the status the server saw, translated', async () => {
    server.on(calls.orders.cancel.path, () => ({
      code: Code.orderCannotCancel,
      msg: formatMessage(Code.orderCannotCancel, { status: 'paid' }),
    }));
    await renderWithApp(<CancelOrderButton orderNo="A1" status={0} />);
    fireEvent.click(screen.getByTestId('cancel-order'));
    fireEvent.click(await screen.findByTestId('cancel-order-confirm'));
    expect(await screen.findByText('Cannot cancel the order of Payment successful')).toBeTruthy();
  });

  it('falls back to the shown status when the message names none', async () => {
    server.on(calls.orders.cancel.path, () => ({ code: Code.orderCannotCancel }));
    await renderWithApp(<CancelOrderButton orderNo="A1" status={0} />);
    fireEvent.click(screen.getByTestId('cancel-order'));
    fireEvent.click(await screen.findByTestId('cancel-order-confirm'));
    expect(await screen.findByText('Cannot cancel the order of Unpaid')).toBeTruthy();
  });
});
