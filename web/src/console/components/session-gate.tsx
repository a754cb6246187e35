/**
 * Nothing of the console shows before the staff session is complete: no session → the sign-in
 * page; a session waiting for its second factor → the second step (or the enrolment of one) (docs/decisions/0038-operator-console.md).
 */
import { Code } from '@ac/protocol/codes';
import { consoleCalls } from '@ac/protocol/console/console-calls';
import { Spin } from 'antd';
import type { ReactNode } from 'react';
import { ConsoleError, useConsoleCall } from '../api/console-api';
import { SecondFactorPage } from '../pages/second-factor-page';
import { SignInPage } from '../pages/sign-in-page';
import { StaffContext } from './staff-context';

export function SessionGate({ children }: { children: ReactNode }) {
  const me = useConsoleCall(consoleCalls.session.me, {});
  if (me.isPending) return <Spin fullscreen />;
  if (me.error) {
    const signedOut = me.error instanceof ConsoleError && me.error.code === Code.staffSessionRequired;
    return <SignInPage failure={signedOut ? undefined : me.error} />;
  }
  if (me.data.stage !== 'signedIn') return <SecondFactorPage me={me.data} />;
  return <StaffContext.Provider value={me.data}>{children}</StaffContext.Provider>;
}
