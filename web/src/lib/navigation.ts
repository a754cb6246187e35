/**
 * Navigation for code outside React (the envelope client, logout): the app
 * registers the router's navigate; before that a full page load is used.
 */
import { withBasePath } from './app-config';

type Navigate = (to: string, options?: { replace?: boolean }) => void | Promise<void>;

let navigateImpl: Navigate | undefined;

export function setNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

/** `to` is a path inside the app (`/login?redirect=…`), without the base path. */
export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (navigateImpl) {
    void navigateImpl(to, options);
    return;
  }
  const url = withBasePath(to);
  if (options.replace) window.location.replace(url);
  else window.location.assign(url);
}

/** The current location as a path inside the app, e.g. `/order?page=2`. */
export function currentAppPath(basePath: string, location: Location = window.location): string {
  const path = location.pathname.startsWith(basePath) ? location.pathname.slice(basePath.length) : location.pathname;
  return `${path || '/'}${location.search}`;
}
