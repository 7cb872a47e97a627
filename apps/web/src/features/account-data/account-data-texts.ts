import { plural, t } from '@lingui/core/macro';

/**
 * Our wording for the profile's Your data card where docs/product.md ("Your data") quotes none, in
 * the active language: call it when the texts are shown (at render or in a callback), never at module level.
 */
export function accountDataTexts() {
  return {
    title: t`Your data`,
    description: t`Take your data with you, bring your entries from elsewhere, and choose who sees you.`,
    downloadTitle: t`Download`,
    downloadAll: t`Download my data`,
    downloadAllHint: t`Everything the app holds about you, as one JSON file.`,
    downloadEntries: t`Download entries (CSV)`,
    downloadEntriesHint: t`Your entries as instant, day and count: for a spreadsheet, or to import again.`,
    downloadFailed: t`Failed to download your data`,
    downloaded: (fileName: string) => t`Saved ${fileName}`,
    importTitle: t`Import entries`,
    importHint: t`A CSV file: this app’s own download, or date,count lines. You see what it holds before anything is saved; entries you already have are skipped.`,
    reading: t`Reading the file...`,
    previewFailed: t`Failed to read the file`,
    previewHeading: (fileName: string) => t`What ${fileName} holds`,
    rowsRead: (rows: number) => t`${plural(rows, { one: '# row read', other: '# rows read' })}`,
    toImport: (entries: number, pushups: number, days: number) =>
      t`${plural(entries, { one: '# entry', other: '# entries' })} to import: ${plural(pushups, { one: '# pushup', other: '# pushups' })} on ${plural(days, { one: '# day', other: '# days' })}`,
    duplicates: (rows: number) =>
      t`${plural(rows, { one: '# row already in your log (skipped)', other: '# rows already in your log (skipped)' })}`,
    refused: (rows: number) => t`${plural(rows, { one: '# row refused', other: '# rows refused' })}`,
    refusedCaption: t`Rows that will not be imported, and why`,
    row: t`Row`,
    reason: t`Reason`,
    line: (line: number) => t`Line ${line}`,
    moreRefused: (rows: number) =>
      t`${plural(rows, { one: '…and # more row refused.', other: '…and # more rows refused.' })}`,
    importEntries: (entries: number) =>
      t`${plural(entries, { one: 'Import # entry', other: 'Import # entries' })}`,
    nothingToImport: t`Nothing in this file to import.`,
    cancel: t`Cancel`,
    imported: (entries: number) =>
      t`${plural(entries, { one: 'Imported # entry', other: 'Imported # entries' })}`,
    importFailed: t`Failed to import entries`,
    visibilityLegend: t`Global leaderboard`,
    shown: t`Shown`,
    hidden: t`Hidden`,
    visibilityHint: t`Hidden: other users do not see you on the global leaderboard and you do not count in their ranks. You still see your own rank. Group boards stay as they are.`,
    visibilitySaved: (shown: boolean) =>
      shown ? t`You are shown on the global leaderboard` : t`You are hidden from the global leaderboard`,
    visibilityFailed: t`Failed to save your leaderboard choice`,
  };
}
