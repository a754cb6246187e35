import type { TStaffMe } from '@ac/protocol/console/console-shapes';
import type { TStaffPermission } from '@ac/protocol/console/staff';
import { createContext, useContext } from 'react';

export const StaffContext = createContext<TStaffMe | null>(null);

/** The signed-in staff member (inside the session gate). */
export function useStaff(): TStaffMe {
  const me = useContext(StaffContext);
  if (!me) throw new Error('useStaff outside the session gate');
  return me;
}

/** Whether the signed-in role may do this: the UI hides what it may not (the server refuses it anyway). */
export function useMay(permission: TStaffPermission): boolean {
  return useStaff().permissions.includes(permission);
}
