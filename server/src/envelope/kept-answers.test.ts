import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { answerJson, createCheckedAnswers } from './kept-answers.ts';

const ZAnswer = z.object({ name: z.string(), at: z.string() });

describe('kept answers', () => {
  it('checks an answer object once and hands back the same checked answer for it', () => {
    const parse = vi.spyOn(ZAnswer, 'parse');
    const checked = createCheckedAnswers(ZAnswer);
    const kept = { name: 'a', at: '2026-01-01T00:00:00.000Z', internal: 'not in the schema' };
    const first = checked(kept);
    expect(first).toEqual({ name: 'a', at: '2026-01-01T00:00:00.000Z' });
    expect(checked(kept)).toBe(first);
    expect(parse).toHaveBeenCalledTimes(1);
    parse.mockRestore();
  });

  it('checks every new object, and refuses one that breaks the schema each time', () => {
    const checked = createCheckedAnswers(ZAnswer);
    expect(checked({ name: 'b', at: 'x' })).toEqual({ name: 'b', at: 'x' });
    const bad = { name: 1, at: 'x' };
    expect(() => checked(bad)).toThrow();
    expect(() => checked(bad)).toThrow();
  });

  it('checks values that are not objects every time', () => {
    const checked = createCheckedAnswers(z.null());
    expect(checked(null)).toBeNull();
    expect(() => checked('x')).toThrow();
  });

  it('writes an object as JSON once, and other values as JSON.stringify does', () => {
    const value = { a: [1, 2], b: 'c' };
    const json = answerJson(value);
    expect(json).toBe(JSON.stringify(value));
    expect(answerJson(value)).toBe(json);
    expect(answerJson(undefined)).toBe('null');
    expect(answerJson(3)).toBe('3');
  });
});
