import { i18n, type Messages } from '@lingui/core';
import type { MessageKey, SharedTexts } from '@pushup/shared';
import type { Locale } from './locale';

// The shared texts (MESSAGES and the messages built from numbers) are errors and the signed-in pages'
// words: they load with the 'app' part, English and German alike, so /login carries none.
let sharedTexts: SharedTexts | null = null;
let sharedTextsEn: SharedTexts | null = null;
let englishMessages: Readonly<Record<MessageKey, string>> | null = null;

/** The catalogs of a language (lingui.config.ts): the core first, the others when a page needs them. */
export type CatalogPart = 'core' | 'app' | 'legal';
type CatalogModule = Promise<{ messages: Messages }>;

// One chunk per language and part (decision 023): an English page never downloads German, and the
// sign-in page downloads neither the signed-in pages' texts nor the legal ones.
const CATALOGS: Record<Locale, Record<CatalogPart, () => CatalogModule>> = {
  en: {
    core: () => import('@/locales/en/core.po'),
    app: () => import('@/locales/en/app.po'),
    legal: () => import('@/locales/en/legal.po'),
  },
  de: {
    core: () => import('@/locales/de/core.po'),
    app: () => import('@/locales/de/app.po'),
    legal: () => import('@/locales/de/legal.po'),
  },
};

const partsInUse = new Set<CatalogPart>(['core']);
const loaded = new Set<string>();
let sharedTextsDe: SharedTexts | null = null;

/** The shared texts of a language, with the English ones (which German translates from). */
async function loadSharedTexts(locale: Locale): Promise<void> {
  const [english, german] = await Promise.all([
    import('./shared-texts-en'),
    locale === 'de' ? import('@pushup/shared/messages-de') : null,
  ]);
  sharedTextsEn = english.SHARED_TEXTS_EN;
  englishMessages = english.MESSAGES;
  if (german) sharedTextsDe = german.SHARED_TEXTS_DE;
}

async function loadPart(locale: Locale, part: CatalogPart): Promise<void> {
  if (!loaded.has(`${locale}/${part}`)) {
    // The texts /login shows are all in 'core' (see core-texts.ts).
    const [{ messages }] = await Promise.all([
      CATALOGS[locale][part](),
      part === 'app' ? loadSharedTexts(locale) : null,
    ]);
    // Lingui adds a language's messages to those it holds.
    i18n.load(locale, messages);
    loaded.add(`${locale}/${part}`);
  }
  if (i18n.locale === locale || !i18n.locale) sharedTexts = sharedTextsOf(locale);
}

/** A language's shared texts: German once loaded with the 'app' part, else English (once loaded). */
function sharedTextsOf(locale: Locale): SharedTexts | null {
  return (locale === 'de' && sharedTextsDe) || sharedTextsEn;
}

/** The shared texts, for the signed-in pages: their catalog part ('app') loads them. */
function loadedSharedTexts(): SharedTexts {
  if (!sharedTexts) throw new Error('The shared texts load with the catalog part "app": load it first');
  return sharedTexts;
}

/** Loads a language's catalogs (those in use so far) and makes it the page's language, `<html lang>` included. */
export async function activateLocale(locale: Locale): Promise<void> {
  await Promise.all([...partsInUse].map((part) => loadPart(locale, part)));
  i18n.activate(locale);
  sharedTexts = sharedTextsOf(locale);
  // (Unit tests of plain modules run without a document.)
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** Loads one more part of the active language's catalogs; a later change of language loads it too. */
export async function loadCatalogPart(part: CatalogPart): Promise<void> {
  partsInUse.add(part);
  await loadPart((i18n.locale || 'en') as Locale, part);
}

/** Whether a part of the active language's catalogs is loaded. */
export function catalogPartLoaded(part: CatalogPart): boolean {
  return loaded.has(`${i18n.locale || 'en'}/${part}`);
}

/** The active language's shared texts (MESSAGES and the messages built from numbers). */
export function sharedTextsNow(): SharedTexts {
  return loadedSharedTexts();
}

/** One of the shared MESSAGES in the active language. */
export function sharedMessage(key: MessageKey): string {
  return loadedSharedTexts().messages[key];
}

let keyByEnglish: Map<string, MessageKey> | null = null;

/** The key of one of MESSAGES, found by its English text (the map is made on first use, once loaded). */
function keyOf(english: string): MessageKey | undefined {
  if (!englishMessages) return undefined;
  keyByEnglish ??= new Map(Object.entries(englishMessages).map(([key, text]) => [text, key as MessageKey]));
  return keyByEnglish.get(english);
}

/**
 * A text that arrives in English (a shared validation result, a server's response): in the active
 * language when it is one of MESSAGES, else unchanged. Callers with an error code prefer errorText.
 * Before the shared texts have loaded, unchanged too (errorText then uses the code's text).
 */
export function localizeMessage(english: string): string {
  if (!sharedTexts || sharedTexts === sharedTextsEn) return english;
  const key = keyOf(english);
  return key ? sharedTexts.messages[key] : english;
}

/** The server's daily-limit refusal (dailyLimitMessage in packages/shared), which carries numbers. */
const DAILY_LIMIT = /^You can log at most ([\d,]+) push-ups a day: ([\d,]+) are already logged for (.+)$/;

/** The daily limit's refusal in the active language, written again from its numbers; undefined for any other text. */
export function localizeDailyLimit(english: string): string | undefined {
  const limit = DAILY_LIMIT.exec(english);
  if (!limit) return undefined;
  const [, max = '', already = '', day = ''] = limit;
  const count = (text: string) => Number(text.replaceAll(',', ''));
  return loadedSharedTexts().dailyLimitMessage(count(max), day, count(already));
}

/** Whether a text is one of MESSAGES (so localizeMessage can translate it). */
export function isSharedMessage(english: string): boolean {
  return keyOf(english) !== undefined;
}
