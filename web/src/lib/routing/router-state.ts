/** A string another page passed in the router state (`navigate(to, { state: { email } })`), if there is one. */
export function stringFromState(state: unknown, key: string): string | undefined {
  if (!state || typeof state !== 'object') return undefined;
  const value = (state as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
}
