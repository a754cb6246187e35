/**
 * China registers by SMS (no activation mail), so its /register/mail_verify
 * has nothing to resend: it sends the visitor to the China registration
 * page, keeping the query (client type and other tracked parameters).
 */
import { Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';

export function ToChinaRegister() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: paths.register.getHref(), search }} replace />;
}
