/** Before the specs (the servers are already up): no secrets recorded by an earlier run. */
import { rmSync } from 'node:fs';
import { SECRETS_DIR } from './secrets.ts';

export default function globalSetup() {
  rmSync(SECRETS_DIR, { recursive: true, force: true });
}
