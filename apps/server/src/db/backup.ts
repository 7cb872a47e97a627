import fs from 'node:fs';
import SQLite from 'better-sqlite3';

/** A backup or restore refused before it touched anything, with the reason to show the operator. */
export class BackupError extends Error {}

/**
 * A consistent copy of the SQLite database at `sqlitePath` into the new file `file`, through SQLite's
 * online backup API: safe while the server runs and writes (a write during the copy makes it start
 * over, so the copy is one moment of the database).
 */
export async function backupSqlite(sqlitePath: string, file: string): Promise<{ pages: number }> {
  if (!fs.existsSync(sqlitePath)) throw new BackupError(`No database at ${sqlitePath}`);
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists: name a new file`);
  // Created empty and owner-only first: the copy holds every user's data (docs/security.md).
  fs.closeSync(fs.openSync(file, 'wx', 0o600));
  const source = new SQLite(sqlitePath, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    const progress = await source.backup(file);
    return { pages: progress.totalPages };
  } finally {
    source.close();
  }
}

/**
 * Replaces the database at `sqlitePath` with the backup `file`, after checking that the file is a
 * sound SQLite database of this app. Run it with the server stopped: a running server would go on
 * from the restored data without knowing its own writes were undone.
 */
export async function restoreSqlite(file: string, sqlitePath: string): Promise<{ pages: number }> {
  if (!fs.existsSync(file)) throw new BackupError(`No backup at ${file}`);
  let source: SQLite.Database;
  try {
    source = new SQLite(file, { fileMustExist: true });
    source.pragma('schema_version');
  } catch {
    throw new BackupError(`${file} is not a SQLite database`);
  }
  try {
    const integrity = source.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new BackupError(`${file} is damaged: ${String(integrity)}`);
    const tables = source
      .prepare("select name from sqlite_master where type = 'table' and name in ('users', 'pushups')")
      .all();
    if (tables.length !== 2) throw new BackupError(`${file} is not a Pushup Tracker database`);
    const progress = await source.backup(sqlitePath);
    return { pages: progress.totalPages };
  } finally {
    source.close();
  }
}
