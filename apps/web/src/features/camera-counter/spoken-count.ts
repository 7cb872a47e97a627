import { currentLocale } from '@/lib/i18n/format';

/**
 * Each counted push-up said aloud, for someone whose eyes are on the floor. Whether it is on is kept
 * for this page's life only (a reload starts quiet): nothing is stored on the device for it.
 */
let spokenCountOn = false;

export function canSpeak(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window;
}

export function spokenCountChosen(): boolean {
  return spokenCountOn;
}

export function chooseSpokenCount(on: boolean): void {
  spokenCountOn = on;
  if (!on && canSpeak()) window.speechSynthesis.cancel();
}

export function sayCount(count: number): void {
  if (!spokenCountOn || !canSpeak()) return;
  try {
    // A number not yet said is dropped for the newer one: the count must not lag behind the body.
    window.speechSynthesis.cancel();
    const utterance = new SpeechSynthesisUtterance(String(count));
    utterance.lang = currentLocale();
    utterance.rate = 1.2;
    window.speechSynthesis.speak(utterance);
  } catch {
    // No voice on this device: the screen shows the count.
  }
}
