/**
 * What the page wires into the API client (lib/api-client.ts) at start: the session's token and the
 * language of error texts. Apart from the client, so that the first page, which calls no API, loads
 * none of it.
 */

/** How error texts reach the active language. */
export interface ErrorTranslator {
  /** An error's English text by its code (lib/i18n/error-text.ts). */
  error: (code: string, english: string) => string;
  /** A text that is one of the shared MESSAGES, or already in the active language. */
  text: (english: string) => string;
}

// English until the page sets its translator (main.tsx): the service worker, which shows no text,
// never loads the catalogs.
let translator: ErrorTranslator = { error: (_code, english) => english, text: (english) => english };

export function setErrorTranslator(next: ErrorTranslator): void {
  translator = next;
}

export function errorTranslator(): ErrorTranslator {
  return translator;
}

export interface ApiClientConfig {
  /** Returns a fresh ID token, or null when nobody is signed in. */
  getToken: () => Promise<string | null>;
  /** Called when the server says the session cannot continue (expired token, disabled user). */
  onSessionEnded: () => void;
}

let clientConfig: ApiClientConfig | null = null;

/** Wired once by the auth provider, so the client stays free of the Firebase SDK. */
export function configureApiClient(config: ApiClientConfig | null): void {
  clientConfig = config;
}

export function apiClientConfig(): ApiClientConfig | null {
  return clientConfig;
}
