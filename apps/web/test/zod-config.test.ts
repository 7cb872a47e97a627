import { expect, it } from 'vitest';
import '@/lib/zod-config';

it('leaves zod without its eval-compiled parsers, which the Content-Security-Policy refuses', async () => {
  const { config } = await import('zod');
  expect(config().jitless).toBe(true);
});
