import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer } from '@/test/install-fake-server';
import { renderWithApp } from '@/test/render-with-app';
import { SendCodeButton } from './send-code-button';

const IMAGE = 'data:image/svg+xml;base64,PHN2Zy8+';
const KEYS = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];

const server = installFakeServer();

describe('send code button', () => {
  it('sends the code and counts down', async () => {
    server.on(calls.codes.sendEmailCode.path, (payload) => {
      expect(payload).toEqual({ email: 'a@example.com', purpose: 'bindEmail' });
      return { bizData: { resendAfter: 60 } };
    });
    await renderWithApp(<SendCodeButton channel="email" purpose="bindEmail" getTarget={() => ' a@example.com '} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('button', { name: /Resend in 6\d s/ });
  });

  it('asks for the image captcha when the server wants one, a wrong answer gets a new image', async () => {
    let kaptchas = 0;
    const tickets: (string | undefined)[] = [];
    server.on(calls.codes.sendEmailCode.path, (payload) => {
      const { ticket } = payload as { ticket?: string };
      tickets.push(ticket);
      return ticket === 'ticket-1' ? { bizData: { resendAfter: 60 } } : { code: Code.captchaRequired };
    });
    server.on(calls.codes.kaptcha.path, () => ({ bizData: { imageKey: KEYS[kaptchas++ % 2], image: IMAGE } }));
    server.on(calls.codes.kaptchaVerify.path, (payload) =>
      (payload as { answer: string }).answer === 'right'
        ? { bizData: { ticket: 'ticket-1' } }
        : { code: Code.captchaWrong },
    );
    await renderWithApp(<SendCodeButton channel="email" purpose="bindEmail" getTarget={() => 'a@example.com'} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const answer = await screen.findByLabelText('Characters in the image');
    await waitFor(() => expect(kaptchas).toBe(1));

    fireEvent.change(answer, { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('The image verification failed, please try a new image');
    await waitFor(() => expect(kaptchas).toBe(2));

    fireEvent.change(answer, { target: { value: 'right' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('button', { name: /Resend in 6\d s/ });
    expect(tickets).toEqual([undefined, 'ticket-1']);
  });
});
