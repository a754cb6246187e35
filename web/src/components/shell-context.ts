/** Which shell a page renders in, so shared page parts can adapt (the h5 NavBar already shows the title). */
import { createContext, useContext } from 'react';

export type ShellKind = 'main' | 'h5' | 'site';

export const ShellContext = createContext<ShellKind>('main');

export function useShellKind(): ShellKind {
  return useContext(ShellContext);
}
