import type { OutboxRepo } from '../../modules/outbox/outbox.repo.ts';
import type { AppModule } from '../module.ts';
import { registerDevMailbox } from './mailbox.routes.ts';

/** The dev mailbox: what the outbox holds (buildApp leaves it out in production). */
export function devModule(d: { outbox: OutboxRepo }): AppModule {
  return { register: (app) => registerDevMailbox(app, d.outbox) };
}
