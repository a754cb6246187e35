/** Where the e2e SMTP sink listens, and what it reports for each mail received. */
import { port } from './ports.ts';

export const SMTP_SINK = {
  smtpPort: port(8310),
  httpPort: port(8311),
  smtpUrl: `smtp://127.0.0.1:${port(8310)}`,
  messagesUrl: `http://127.0.0.1:${port(8311)}/messages.json`,
};

/** One received mail per recipient; `text` is the decoded plain-text body. */
export type SinkMessage = { from: string; to: string; subject: string; text: string; receivedAt: string };
