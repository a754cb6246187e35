/**
 * Device sign-in for CAD clients (docs/protocol.md#device-sign-in, RFC 8628):
 * start, show the user code, and poll until the user approved or denied it
 * in the browser, waiting the interval between polls and 5 s more after each
 * slow-down. Abortable with an AbortSignal.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { DEVICE_POLL_SLOW_DOWN_SECONDS, type TDeviceSignInStartResponse } from '@ac/protocol/device-sign-in';
import type { TLoginResponse } from '@ac/protocol/session';
import { ApiError } from './api-error.ts';
import type { Client } from './client.ts';

export type DeviceSignInOptions = {
  /** The name the user sees in the browser ("Drafting PC"); type, version and device id come from clientInfo. */
  deviceName: string;
  /**
   * Called once the codes are there: show `userCode` and `verificationUri`
   * (or open `verificationUriComplete`, or show it as a QR code).
   */
  onCode: (codes: TDeviceSignInStartResponse) => void | Promise<void>;
  /** Stops waiting: the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Called before each wait with the seconds to wait (after a slow-down, the longer interval). */
  onWait?: (seconds: number) => void;
};

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/**
 * Signs the client in through the browser: resolves with the new session
 * (`{utoken, userInfo}`, of the client's type) once the user approved;
 * rejects with an ApiError 2700003 (denied), 2700004 (expired: start again)
 * or another refusal, or with the signal's reason when aborted. A poll that
 * got no answer, or a busy server (0000014, 0000006), is retried after the
 * interval while the codes live.
 */
export async function signInWithDevice(client: Client, options: DeviceSignInOptions): Promise<TLoginResponse> {
  const { signal } = options;
  signal?.throwIfAborted();
  const codes = await client.call(calls.deviceSignIn.start, { deviceName: options.deviceName }, { token: null });
  await options.onCode(codes);
  const deadline = Date.now() + codes.expiresIn * 1000;
  let interval = codes.interval;
  for (;;) {
    signal?.throwIfAborted();
    options.onWait?.(interval);
    await wait(interval * 1000, signal);
    let answer: Awaited<ReturnType<typeof client.send<typeof calls.deviceSignIn.poll>>> | undefined;
    try {
      answer = await client.send(calls.deviceSignIn.poll, { deviceCode: codes.deviceCode }, { token: null });
    } catch (e) {
      // no answer came (network, timeout): try again while the codes live
      if (Date.now() >= deadline) throw e;
      continue;
    }
    if (answer.status === 200 && answer.code === Code.ok && answer.data) return answer.data;
    if (answer.code === Code.deviceSignInSlowDown || answer.code === Code.tooManyRequests) {
      interval += DEVICE_POLL_SLOW_DOWN_SECONDS;
      continue;
    }
    if (answer.code === Code.deviceSignInPending || answer.code === Code.serviceUnavailable) {
      if (Date.now() < deadline) continue;
      throw new ApiError(Code.deviceSignInExpired, 'The sign-in request has expired, please start again');
    }
    throw new ApiError(answer.code, answer.msg, answer.status);
  }
}
