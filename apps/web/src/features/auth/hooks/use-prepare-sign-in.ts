import { type RefObject, useEffect } from 'react';
import { prepareSignIn } from '@/features/auth/api/sign-in';

/**
 * The sign-in code (Firebase Auth, about 28 KB) is not part of /login: it loads at the visitor's first
 * move towards signing in (a pointer over the card, a tap or a key anywhere, the focus in a field), so
 * that it is there when they submit, and a visitor who only looks loads none.
 */
export function usePrepareSignIn(card: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = card.current;
    if (!element) return;
    const listeners: [EventTarget, string][] = [
      [element, 'pointerover'],
      [document, 'pointerdown'],
      [document, 'keydown'],
      [document, 'focusin'],
    ];
    const stop = () => {
      for (const [target, name] of listeners) target.removeEventListener(name, prepare);
    };
    const prepare = () => {
      stop();
      prepareSignIn();
    };
    for (const [target, name] of listeners) target.addEventListener(name, prepare, { passive: true });
    if (element.contains(document.activeElement)) prepare();
    return stop;
  }, [card]);
}
