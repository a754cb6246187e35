import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render-with-app';
import { StorageCard } from './storage-card';

afterEach(cleanup);

const GB = 1024 ** 3;

describe('StorageCard', () => {
  it('shows the share used as a labelled progress bar with its figures', async () => {
    await renderWithApp(
      <StorageCard storage={{ total: 10 * GB, used: GB, surplus: 9 * GB, free: GB, overQuota: false }} />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Cloud storage' })).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Cloud storage' });
    expect(bar.getAttribute('aria-valuenow')).toBe('10');
    expect(bar.textContent).toBe('10%');
    expect(bar.className).not.toContain('plain-progress-full');
    expect(screen.getByText('Total').nextSibling?.textContent).toMatch(/^10(\.0)? GB$/);
  });

  it('turns red from 90 %, and shows no share of nothing', async () => {
    const view = await renderWithApp(
      <StorageCard storage={{ total: GB, used: GB, surplus: 0, free: 0, overQuota: false }} />,
    );
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(bar.className).toContain('plain-progress-full');
    view.unmount();
    await renderWithApp(<StorageCard storage={{ total: 0, used: 0, surplus: 0, free: 0, overQuota: false }} />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
  });

  it('over the quota (the storage service reported more than a membership that ended allowed): says by how much', async () => {
    const view = await renderWithApp(
      <StorageCard storage={{ total: GB, used: GB + 512 * 1024 ** 2, surplus: 0, free: GB, overQuota: true }} />,
    );
    expect(screen.getByRole('status').textContent).toMatch(/^You are using 512(\.0)? MB more than your storage allows/);
    expect(screen.getByRole('status').textContent).toContain('the 5 GB storage package');
    view.unmount();
    await renderWithApp(<StorageCard storage={{ total: GB, used: GB, surplus: 0, free: GB, overQuota: false }} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
