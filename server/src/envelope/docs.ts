/** OpenAPI description of a call: the envelope plus the JSON Schema of its payload and answer. */
import { z } from 'zod';
import type { Call } from './call.ts';

const envelopeBody = {
  type: 'object',
  description: 'Encrypted envelope (docs/protocol.md#envelope) or the signed variant ({sign, key}).',
  properties: {
    data: { type: 'string', description: 'base64 AES-128-ECB/PKCS7 of the JSON payload' },
    clientInfo: { type: 'object' },
    style: { type: 'string', enum: ['0', '1'] },
    secret: { type: 'string' },
    sign: { type: 'string' },
    key: { type: 'string' },
  },
} as const;

function schemaOf(schema: z.ZodType, io: 'input' | 'output') {
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  } catch {
    return {};
  }
}

export function callDescription(call: Call): string {
  const lines = [
    call.auth ? 'Needs a session (`utoken`); answers 0000005 without one.' : 'No session needed.',
    call.regions ? `Regions: ${call.regions.join(', ')}.` : 'Both regions.',
    '',
    'Payload (decrypted `data`):',
    '```json',
    JSON.stringify(schemaOf(call.request, 'input'), null, 2),
    '```',
    'Answer (decrypted `bizData`):',
    '```json',
    JSON.stringify(schemaOf(call.response, 'output'), null, 2),
    '```',
  ];
  if (call.errors?.length) lines.push(`Error codes: ${call.errors.join(', ')}.`);
  return lines.join('\n');
}

export function callDocs(call: Call) {
  return {
    summary: call.summary,
    tags: [call.tag],
    description: callDescription(call),
    body: envelopeBody,
    querystring: {
      type: 'object',
      properties: { utoken: { type: 'string' } },
    },
  };
}
