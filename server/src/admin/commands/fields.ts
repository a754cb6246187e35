/** fields reencrypt — moves every encrypted field under FIELD_ENCRYPTION_KEY now (docs/decisions/0040-field-key-rotation.md). */
import { reencryptAll } from '../../modules/jobs/scheduled-jobs.ts';
import type { AdminCommand } from '../admin-context.ts';

export const fieldsReencrypt: AdminCommand = async ({ services }) => {
  const n = await reencryptAll(services.trade);
  return `${n} encrypted field row${n === 1 ? '' : 's'} rewritten under the current key; none is left under a previous key`;
};
