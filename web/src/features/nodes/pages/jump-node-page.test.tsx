import { calls } from '@ac/protocol/calls';
import { screen } from '@testing-library/react';
import { Navigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { installFakeServer } from '@/test/install-fake-server';
import { renderWithApp } from '@/test/render-with-app';
import { JumpNodePage } from './jump-node-page';

const server = installFakeServer();

describe('jump-node page', () => {
  it('names the node of the account and links to it', async () => {
    server.on(calls.nodes.getNodeByDealer.path, (payload) => {
      expect(payload).toEqual({ account: 'user@example.com' });
      return { bizData: { node: { code: 'eu', name: 'Europe', url: 'https://eu.example.com/account/secure' } } };
    });
    await renderWithApp(<Navigate to="/site/jump_node" state={{ account: 'user@example.com' }} />, {
      path: '/start',
      routes: { '/site/jump_node': <JumpNodePage /> },
    });
    const go = await screen.findByTestId('jump-node-go', {}, { timeout: 5000 });
    expect(go.getAttribute('href')).toBe('https://eu.example.com/account/secure/login');
    expect(go.textContent).toBe('Go to Europe');
    expect(screen.getByText(/The account user@example.com lives on the server node "Europe"/)).toBeTruthy();
  }, 30_000);
});
