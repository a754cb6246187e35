/**
 * 0300069 (the account lives on another server node): overseas, the
 * jump-node screen names that node and links there. Returns whether the
 * error was handled that way; China shows the catalogue message instead.
 */

import { errorCode } from '@ac/client';
import { Code } from '@ac/protocol/codes';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { getRegion } from '@/lib/app-config';

export function useJumpToNode() {
  const navigate = useNavigate();
  return (error: unknown, account: string): boolean => {
    if (errorCode(error) !== Code.accountOnOtherNode || getRegion() !== 'us') return false;
    navigate(paths.siteJumpNode.getHref(), { state: { account } });
    return true;
  };
}
