/** Our wording for the profile's Your data card where docs/product.md ("Your data") quotes none. */

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString()} ${count === 1 ? one : many}`;

export const ACCOUNT_DATA_TEXTS = {
  title: 'Your data',
  description: 'Take your data with you, bring your entries from elsewhere, and choose who sees you.',
  downloadTitle: 'Download',
  downloadAll: 'Download my data',
  downloadAllHint: 'Everything the app holds about you, as one JSON file.',
  downloadEntries: 'Download entries (CSV)',
  downloadEntriesHint: 'Your entries as instant, day and count: for a spreadsheet, or to import again.',
  downloadFailed: 'Failed to download your data',
  downloaded: (fileName: string) => `Saved ${fileName}`,
  importTitle: 'Import entries',
  importHint:
    'A CSV file: this app’s own download, or date,count lines. You see what it holds before anything is saved; entries you already have are skipped.',
  reading: 'Reading the file...',
  previewFailed: 'Failed to read the file',
  previewHeading: (fileName: string) => `What ${fileName} holds`,
  rowsRead: (rows: number) => plural(rows, 'row read', 'rows read'),
  toImport: (entries: number, pushups: number, days: number) =>
    `${plural(entries, 'entry', 'entries')} to import: ${plural(pushups, 'push-up', 'push-ups')} on ${plural(days, 'day', 'days')}`,
  duplicates: (rows: number) => `${plural(rows, 'row', 'rows')} already in your log (skipped)`,
  refused: (rows: number) => `${plural(rows, 'row', 'rows')} refused`,
  refusedCaption: 'Rows that will not be imported, and why',
  moreRefused: (rows: number) => `…and ${plural(rows, 'more row', 'more rows')} refused.`,
  importEntries: (entries: number) => `Import ${plural(entries, 'entry', 'entries')}`,
  nothingToImport: 'Nothing in this file to import.',
  cancel: 'Cancel',
  imported: (entries: number) => `Imported ${plural(entries, 'entry', 'entries')}`,
  importFailed: 'Failed to import entries',
  visibilityLegend: 'Global leaderboard',
  shown: 'Shown',
  hidden: 'Hidden',
  visibilityHint:
    'Hidden: other users do not see you on the global leaderboard and you do not count in their ranks. You still see your own rank. Group boards stay as they are.',
  visibilitySaved: (shown: boolean) =>
    shown ? 'You are shown on the global leaderboard' : 'You are hidden from the global leaderboard',
  visibilityFailed: 'Failed to save your leaderboard choice',
} as const;
