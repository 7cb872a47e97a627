import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the language catalogs live, and their parts (lingui.config.ts). */
export const LOCALES_DIR = path.join(fileURLToPath(new URL('..', import.meta.url)), 'src', 'locales');
export const CATALOG_PARTS = ['core', 'app', 'legal'] as const;

/** A language's messages from all its catalog parts (see readCatalog for the keys). */
export function readLanguage(locale: string): Map<string, string> {
  return new Map(
    CATALOG_PARTS.flatMap((part) => [...readCatalog(path.join(LOCALES_DIR, locale, `${part}.po`))]),
  );
}

/**
 * The messages of a .po catalog: key -> translation, where the key is the msgid, or
 * `context + "\u0004" + msgid` for a message with a context (msgctxt). Our catalogs have no msgid_plural.
 */
export function readCatalog(file: string): Map<string, string> {
  const entries = new Map<string, string>();
  const unquote = (line: string) => JSON.parse(line.slice(line.indexOf('"'))) as string;
  let context: string | null = null;
  let id: string | null = null;
  let str = '';
  let field: 'context' | 'id' | 'str' | null = null;
  const flush = () => {
    if (id) entries.set(context === null ? id : `${context}\u0004${id}`, str);
    context = null;
    id = null;
    str = '';
    field = null;
  };
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('msgctxt ')) {
      flush();
      context = unquote(line);
      field = 'context';
    } else if (line.startsWith('msgid ')) {
      if (field !== 'context') flush();
      id = unquote(line);
      field = 'id';
    } else if (line.startsWith('msgstr ')) {
      str = unquote(line);
      field = 'str';
    } else if (line.startsWith('"') && field) {
      if (field === 'context') context += unquote(line);
      else if (field === 'id') id = (id ?? '') + unquote(line);
      else str += unquote(line);
    } else if (line.trim() === '') {
      flush();
    }
  }
  flush();
  return entries;
}
