import { type BrowserContextOptions, test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * `otherPerson()`: a page in a browser context of its own, as a second person at their own browser.
 * Each context is closed when the test ends: left open, every signed-in page kept running in the
 * worker's browser until the run ended (23 renderers by the group tests), slowing every later test.
 */
export const test = base.extend<{ otherPerson: (options?: BrowserContextOptions) => Promise<Page> }>({
  otherPerson: async ({ browser }, use) => {
    const contexts: Awaited<ReturnType<typeof browser.newContext>>[] = [];
    await use(async (options) => {
      const context = await browser.newContext(options);
      contexts.push(context);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});
