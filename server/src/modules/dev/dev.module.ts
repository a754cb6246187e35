import type { AppModule } from '../module.ts';
import type { OutboxService } from '../outbox/outbox.service.ts';
import { registerDevMailbox } from './mailbox.routes.ts';

/** The dev mailbox: what the outbox holds (only with DEV_MAILBOX=true, which production refuses). */
export function devModule(d: { outbox: OutboxService }): AppModule {
  return { register: (app) => registerDevMailbox(app, d.outbox) };
}
