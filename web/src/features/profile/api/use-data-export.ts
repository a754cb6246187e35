/**
 * The personal data export of the Privacy card (docs/product.md#privacy): its
 * state (reloaded while it is being built), asking for one, and the line that
 * says where it stands. Shared by the desktop and /h5 cards.
 */

import { errorCode } from '@ac/client';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TDataExportStatus } from '@ac/protocol/profile';
import { useTranslation } from 'react-i18next';
import { useNotice } from '@/components/notice';
import { useErrorText } from '@/components/use-error-text';
import { useCall, useCallMutation } from '@/lib/api/use-call';
import { formatDateTime } from '@/lib/format/date';

export function useDataExport() {
  const { t } = useTranslation(['profile', 'errors']);
  const notice = useNotice();
  const errorText = useErrorText();
  const status = useCall(
    calls.profile.dataExportStatus,
    {},
    {
      refetchInterval: (q) => (q.state.data?.status === 'pending' ? 3000 : false),
    },
  );
  const ask = useCallMutation(calls.profile.requestDataExport, { invalidates: [calls.profile.dataExportStatus] });
  const request = () =>
    ask.mutate(
      {},
      {
        onSuccess: () => notice.success(t('profile.exportRequested')),
        onError: (e) => {
          // the one-a-day refusal names the next time in the visitor's own format
          if (errorCode(e) === Code.dataExportOncePerDay && status.data?.nextAllowedAt) {
            notice.error(t('errors.2900001', { next: formatDateTime(status.data.nextAllowedAt) }));
          } else notice.error(errorText(e));
        },
      },
    );
  return { status, request, pending: ask.isPending, line: status.data ? statusLine(status.data, t) : null };
}

type T = ReturnType<typeof useTranslation>['t'];

/** Where the latest export stands, and when the next is possible; null before the first. */
function statusLine(s: TDataExportStatus, t: T): string | null {
  const parts: string[] = [];
  if (s.status === 'pending') parts.push(t('profile.exportPending'));
  if (s.status === 'ready') parts.push(t('profile.exportReady', { time: formatDateTime(s.expiresAt) }));
  if (s.status === 'downloaded') parts.push(t('profile.exportDownloaded'));
  if (s.status === 'expired') parts.push(t('profile.exportExpired'));
  if (s.nextAllowedAt) parts.push(t('profile.exportNext', { time: formatDateTime(s.nextAllowedAt) }));
  return parts.length ? parts.join(' ') : null;
}
