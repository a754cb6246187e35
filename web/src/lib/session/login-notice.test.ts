import { describe, expect, it } from 'vitest';
import { leaveLoginNotice, takeLoginNotice } from './login-notice';

describe('login notice', () => {
  it('is taken once', () => {
    leaveLoginNotice({ text: 'Your account has been deleted', seconds: 5 });
    expect(takeLoginNotice()).toEqual({ text: 'Your account has been deleted', seconds: 5 });
    expect(takeLoginNotice()).toBeUndefined();
  });
});
