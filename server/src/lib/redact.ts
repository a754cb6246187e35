/**
 * What may be written down of a secret-bearing URL or message: the log
 * lines of every request and the outbox copy of a delivered mail keep the
 * shape (which page, which kind of message) and drop the secret (a
 * session token in a query, an activation or reset id in a path, a code).
 */

export const REDACTED = '******';

/** Path segments after these are one-time ids (activation, reset and company invitation links). */
const ID_AFTER = new Set(['toactivate', 'reset', 'join']);
/** No call or page path has a segment this long (the longest is 21): a longer one is a token. */
const TOKEN_SEGMENT = /^[\w-]{24,}$/;

/** A URL or path without its query or fragment, its token segments replaced by ******. */
export function redactUrl(url: string): string {
  const cut = url.search(/[?#]/);
  const head = cut === -1 ? url : url.slice(0, cut);
  const schemeEnd = head.indexOf('://');
  const pathStart = schemeEnd === -1 ? 0 : head.indexOf('/', schemeEnd + 3);
  if (pathStart === -1) return head;
  const segments = head.slice(pathStart).split('/');
  const path = segments
    .map((s, i) => (s && (TOKEN_SEGMENT.test(s) || ID_AFTER.has(segments[i - 1] ?? '')) ? REDACTED : s))
    .join('/');
  return head.slice(0, pathStart) + path;
}

/** A message text with every link redacted (above) and every code (4 to 8 digits) replaced by ******. */
export function redactText(text: string): string {
  return text.replace(/(https?:\/\/[^\s<>"']+)|\b\d{4,8}\b/g, (_, link?: string) =>
    link ? redactUrl(link) : REDACTED,
  );
}
