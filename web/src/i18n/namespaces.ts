/** The i18n namespaces: common, errors, nav, enums and one per feature (no dependencies: the check script reads it). */
export const NAMESPACES = [
  'common',
  'errors',
  'nav',
  'enums',
  'auth',
  'products',
  'orders',
  'redeem',
  'coupons',
  'devices',
  'enterprise',
  'profile',
  'security',
  'register',
  'password',
  'nodes',
  'trade',
  'invoice',
  'checkout',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Loaded before the first render: the shells and every page need them. */
export const STARTUP_NAMESPACES: readonly Namespace[] = ['common', 'errors', 'nav', 'enums'];
