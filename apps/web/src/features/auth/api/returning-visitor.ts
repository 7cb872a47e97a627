/**
 * Whether someone has signed in on this device before: the sign-in form greets them with 'Welcome
 * back', and a first-time visitor with what the app is. Kept in local storage; nothing personal.
 */
const KEY = 'pushup-signed-in-before';

export function isReturningVisitor(): boolean {
  try {
    return window.localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberReturningVisitor(): void {
  try {
    window.localStorage.setItem(KEY, '1');
  } catch {
    // Storage refused: the first-visit greeting shows again, which does no harm.
  }
}
