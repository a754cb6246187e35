/**
 * A secret for a command (`staff create`'s password): from stdin when it is piped (its first
 * line), else asked for on the terminal without echo. Never from an option, which the shell
 * history and the process list would keep.
 */
import { createInterface } from 'node:readline';

async function firstLineOfStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return (Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '').trimEnd();
}

function askHidden(prompt: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    const muted = rl as unknown as { _writeToOutput: (s: string) => void };
    process.stderr.write(prompt);
    muted._writeToOutput = () => {};
    rl.question('', (answer) => {
      rl.close();
      process.stderr.write('\n');
      resolve(answer);
    });
  });
}

export function readSecret(prompt: string): Promise<string> {
  return process.stdin.isTTY ? askHidden(prompt) : firstLineOfStdin();
}
