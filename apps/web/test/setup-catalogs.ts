// As in main.tsx: before any zod schema is made.
import '@/lib/zod-config';
import { activateLocale, loadCatalogPart } from '@/lib/i18n/catalog';

// Components render their texts from every catalog part, as on a page after sign-in: English first,
// and a test that switches language gets all parts of the other one.
await activateLocale('en');
await loadCatalogPart('app');
await loadCatalogPart('legal');
