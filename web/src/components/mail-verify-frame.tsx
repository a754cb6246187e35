/**
 * The frame of a "we sent you a mail" page (mail_verify): the address comes
 * with the navigation (router state) and the sent panel shows; opened
 * without it, the page asks for the address and mails the link again.
 */
import { type ReactNode, useState } from 'react';
import { useLocation } from 'react-router';
import { stringFromState } from '@/lib/routing/router-state';
import { FormCard } from './form-card';
import { ResultCard } from './result-card';

type Props = {
  /** The heading and intro of the form asking for the address. */
  title: string;
  intro: string;
  askForm: (onSent: (email: string) => void) => ReactNode;
  sent: (email: string) => ReactNode;
};

export function MailVerifyFrame({ title, intro, askForm, sent }: Props) {
  const location = useLocation();
  const [email, setEmail] = useState(() => stringFromState(location.state, 'email'));
  if (!email) {
    return (
      <FormCard title={title} intro={intro}>
        {askForm(setEmail)}
      </FormCard>
    );
  }
  return <ResultCard testId="mail-verify">{sent(email)}</ResultCard>;
}
