/**
 * A menu button of plain markup whose menu loads on first use: the header's
 * "More", the user menu and the language switcher. Until clicked only the
 * trigger is drawn; then the menu component (antd's Dropdown, or the /h5
 * shell's own sheet) loads, draws the trigger again and opens. Hovering or
 * focusing the trigger may fetch it ahead (`preloadDropdown`).
 */
import { lazy, type ReactElement, type ReactNode, Suspense, useState } from 'react';
import type { DropdownMenuProps } from './dropdown-menu';

export type MenuTriggerProps = { onClick?: () => void; autoFocus?: boolean };
type Trigger = (props: MenuTriggerProps) => ReactElement;

const loadDropdown = () => import('./dropdown-menu');
const DropdownMenu = lazy(() => loadDropdown().then((m) => ({ default: m.DropdownMenu })));
export const preloadDropdown = () => void loadDropdown().catch(() => undefined);

export function MenuOnFirstUse({ trigger, menu }: { trigger: Trigger; menu: (trigger: Trigger) => ReactNode }) {
  const [wanted, setWanted] = useState(false);
  if (!wanted) return trigger({ onClick: () => setWanted(true) });
  return <Suspense fallback={trigger({})}>{menu(trigger)}</Suspense>;
}

/** The trigger with antd's Dropdown of `menu`, loaded on first use. */
export function LazyDropdown({ trigger, menu }: { trigger: Trigger; menu: DropdownMenuProps['menu'] }) {
  return <MenuOnFirstUse trigger={trigger} menu={(drawn) => <DropdownMenu menu={menu} trigger={drawn} />} />;
}
