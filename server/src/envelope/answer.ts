/** Builds the three answer shapes: encrypted, plain, signed; and error answers. */
import { Code, catalogue, type TCode } from '@ac/protocol/codes';
import { signPayload, type TAnswer, type TSignedAnswer } from '@ac/protocol/envelope';
import { encryptJson, encryptPayload } from './aes.ts';
import { answerJson } from './kept-answers.ts';

export type EnvelopeMode =
  | { kind: 'encrypted'; key: string }
  | { kind: 'plain' }
  | { kind: 'signed'; key: string; requestDate: string; ticket: string };

export function successAnswer(mode: EnvelopeMode, value: unknown): TAnswer | TSignedAnswer {
  const msg = catalogue[Code.ok].message;
  switch (mode.kind) {
    case 'encrypted':
      return { code: Code.ok, msg, bizData: encryptJson(mode.key, answerJson(value)) };
    case 'plain':
      return { code: Code.ok, msg, bizData: value };
    case 'signed': {
      const key = encryptPayload(mode.key, { code: Code.ok, data: value, msg });
      return { rtnCode: Code.ok, msg, bizData: { sign: signPayload(key, mode.requestDate, mode.ticket), key } };
    }
  }
}

export function errorAnswer(signed: boolean, code: TCode, msg: string): TAnswer | TSignedAnswer {
  return signed ? { rtnCode: code, msg } : { code, msg };
}
