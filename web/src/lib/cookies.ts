/**
 * Cookies of docs/product.md#messages-and-timing: they live one day and are set on the parent domain
 * (`account.example.com` → `.example.com`) so sibling portals share them.
 */
const ONE_DAY_S = 24 * 60 * 60;

/** Same rule as the server's ticket cookie: none for IPs, localhost and two-label hosts. */
export function parentDomain(hostname: string): string | undefined {
  if (/^[\d.]+$/.test(hostname) || hostname.includes(':') || !hostname.includes('.')) return undefined;
  const labels = hostname.split('.');
  if (labels.length < 3) return undefined;
  return `.${labels.slice(1).join('.')}`;
}

function attributes(maxAge: number, domain: string | undefined): string {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const scope = domain ? `; domain=${domain}` : '';
  return `; path=/; max-age=${maxAge}; SameSite=Lax${scope}${secure}`;
}

export function getCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) {
      try {
        return decodeURIComponent(item.slice(prefix.length));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function setCookie(name: string, value: string, maxAge = ONE_DAY_S): void {
  const domain = parentDomain(window.location.hostname);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers the portal supports
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}${attributes(maxAge, domain)}`;
}

/** Removes the cookie on this host and on the parent domain (wherever it was set). */
export function removeCookie(name: string): void {
  const domain = parentDomain(window.location.hostname);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers the portal supports
  document.cookie = `${encodeURIComponent(name)}=${attributes(0, undefined)}`;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers the portal supports
  if (domain) document.cookie = `${encodeURIComponent(name)}=${attributes(0, domain)}`;
}
