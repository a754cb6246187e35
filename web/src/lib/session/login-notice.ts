/**
 * A success message for the login page to show when it opens, left by a page
 * that ends the session and sends the user there (account deletion). Shown
 * by the login page rather than before leaving: the page that leaves belongs
 * to another shell, and its message container goes away with it.
 */
export type LoginNotice = { text: string; seconds: number };

let pending: LoginNotice | undefined;

export function leaveLoginNotice(notice: LoginNotice): void {
  pending = notice;
}

/** The notice left for the login page, once; later calls get nothing. */
export function takeLoginNotice(): LoginNotice | undefined {
  const notice = pending;
  pending = undefined;
  return notice;
}
