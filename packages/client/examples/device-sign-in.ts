/**
 * A CAD client signs in through the browser (device sign-in, for accounts
 * with two-step verification; docs/protocol.md#device-sign-in): it prints the
 * code and the page to enter it at, polls until the user approved it there,
 * and prints who is signed in. Ctrl-C stops waiting.
 * AC_URL (default http://127.0.0.1:8080), AC_DEVICE_NAME.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { ApiError, Code, calls, createClient, signInWithDevice } from '@ac/client';

const client = createClient({
  baseUrl: process.env.AC_URL ?? 'http://127.0.0.1:8080',
  // a CAD client's own type, and the uuid of its device (kept by a real client between runs)
  clientInfo: { clientType: 'df_windows', clientVersion: '3.2', language: 'en', deviceId: randomUUID() },
});
const controller = new AbortController();
process.once('SIGINT', () => controller.abort());

try {
  const login = await signInWithDevice(client, {
    deviceName: process.env.AC_DEVICE_NAME ?? hostname(),
    signal: controller.signal,
    onCode: ({ userCode, verificationUri, verificationUriComplete, expiresIn }) => {
      console.log(`Open ${verificationUri} and enter ${userCode} (valid ${expiresIn / 60} minutes),`);
      console.log(`or open ${verificationUriComplete}`);
    },
  });
  const me = await client.call(calls.session.userInfo, {}, { token: login.utoken });
  console.log(`signed in as ${me.userInfo.name}`);
} catch (e) {
  if (e instanceof ApiError && e.code === Code.deviceSignInDenied) console.log('the sign-in was denied in the browser');
  else if (e instanceof ApiError && e.code === Code.deviceSignInExpired) console.log('the code expired: run again');
  else if (controller.signal.aborted) console.log('stopped');
  else throw e;
}
