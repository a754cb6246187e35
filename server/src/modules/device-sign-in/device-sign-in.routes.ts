import { calls } from '@ac/protocol/calls';
import { defineCall } from '../../envelope/call.ts';
import { loginRequest } from '../session/login-request.ts';
import type { DeviceSignInService } from './device-sign-in.service.ts';

type Deps = { deviceSignIn: DeviceSignInService };

/** Starting and deciding are limited per IP like a login; polling, every 5 s or slower, gets more room. */
const limit = { max: 30, timeWindow: '1 minute' };
const pollLimit = { max: 120, timeWindow: '1 minute' };

export function createDeviceSignInCalls(d: Deps) {
  return [
    defineCall(calls.deviceSignIn.start, {
      rateLimit: limit,
      handler: (c) => d.deviceSignIn.start(c.payload.deviceName, loginRequest(c)),
    }),
    defineCall(calls.deviceSignIn.poll, {
      rateLimit: pollLimit,
      handler: (c) => d.deviceSignIn.poll(c.payload.deviceCode, loginRequest(c)),
    }),
    defineCall(calls.deviceSignIn.lookup, {
      rateLimit: limit,
      handler: ({ session, payload, ip, requestId }) =>
        d.deviceSignIn.lookup(session, payload.userCode, { ip, requestId }),
    }),
    defineCall(calls.deviceSignIn.approve, {
      rateLimit: limit,
      async handler({ session, payload, ip, requestId }) {
        await d.deviceSignIn.decide(session, payload.userCode, 'approved', { ip, requestId });
        return {};
      },
    }),
    defineCall(calls.deviceSignIn.deny, {
      rateLimit: limit,
      async handler({ session, payload, ip, requestId }) {
        await d.deviceSignIn.decide(session, payload.userCode, 'denied', { ip, requestId });
        return {};
      },
    }),
  ];
}
