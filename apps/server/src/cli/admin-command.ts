import os from 'node:os';
import path from 'node:path';
import { validateUsername } from '@pushup/shared';
import type { OperatorContext } from '../auth/context';
import { ConfigError, loadConfig } from '../config/env';
import { BackupError, backupSqlite, restoreSqlite } from '../db/backup';
import { createDb } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import { describeMigration, MigrateToError, migrateTo } from '../db/migrate-to';
import { createRepositories } from '../repositories';
import { auditCsv } from '../services/operators/audit-csv';
import { auditTrail, recordOperatorAction } from '../services/operators/audit-trail';
import { OperatorsService } from '../services/operators/operators.service';
import { AdminService, EMAIL_ADDRESS } from '../services/users/admin.service';

const USAGE = `Usage: npm run admin -- <command>

Commands:
  invite <email>                                  allow this email to use the platform
  uninvite <email>                                remove the invite (an existing profile keeps working)
  tier <email> <maxGroups> <maxMembersPerGroup>   set the limits of the user who confirmed that email
                                                  (or of the invite, until its owner signs up and confirms it)
  tier @<username> <maxGroups> <maxMembersPerGroup>
                                                  set the limits of the user with that username (as list shows it)
  list                                            invites and users with their tiers, and the operators
  grant-admin <email>                             make the account that confirmed this email an operator
  revoke-admin <email>                            take that back (ADMIN_EMAILS stays as the setting says)
  audit [--days N] [--csv]                        what operators did in the last N days (default 30),
                                                  as lines or as CSV
  backup <file>                                   copy the SQLite database into a new file (safe while the server runs)
  restore <file>                                  replace the SQLite database with a backup (stop the server first)
  migrate-to <DATABASE_URL>                       copy the SQLite database into an empty PostgreSQL database
                                                  (stop the server first; then start it with DATABASE_URL set)

Uses the server's configuration: DATA_DIR (SQLite) or DATABASE_URL (PostgreSQL).
On PostgreSQL, back up with pg_dump and restore with pg_restore (README, Backups).`;

class UsageError extends Error {}

/** Where the command reads its settings and writes what it prints. */
export interface AdminIo {
  /** The settings (DATA_DIR, DATABASE_URL, ADMIN_EMAILS, ...), as loadConfig reads them. */
  env: NodeJS.ProcessEnv;
  /** A line of output. */
  out(line: string): void;
  /** A line of error output. */
  err(line: string): void;
  /** Output as it is, without a line break added (the audit's CSV). */
  write(text: string): void;
}

/** The audit trail's "who" for this command line: the OS user running it, when the OS says. */
function commandLineOperator(): OperatorContext {
  let user = '';
  try {
    user = os.userInfo().username;
  } catch {
    // No passwd entry for this uid (a container's): the trail says 'command line' alone.
  }
  return { kind: 'operator', actor: user ? `command line (${user})` : 'command line', source: 'cli' };
}

/** `audit [--days N] [--csv]`: N from 1 to 3650. */
function auditOptions(args: string[]): { days: number; csv: boolean } {
  let days = 30;
  let csv = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--csv') csv = true;
    else if (arg === '--days') {
      const value = args[++i];
      if (!value || !/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 3650) {
        throw new UsageError(`--days must be a whole number from 1 to 3650 (got ${value ?? 'nothing'})`);
      }
      days = Number(value);
    } else throw new UsageError(`Unknown option for audit: ${arg}`);
  }
  return { days, csv };
}

function email(value: string | undefined): string {
  if (!value || !EMAIL_ADDRESS.test(value))
    throw new UsageError(`Not an email address: ${value ?? '(missing)'}`);
  return value.toLowerCase();
}

function username(value: string): string {
  const name = value.slice(1);
  const refusal = validateUsername(name);
  if (refusal) throw new UsageError(`Not a username: ${value} (${refusal})`);
  return name;
}

function limit(value: string | undefined, name: string): number {
  const n = Number(value);
  if (!value || !/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1 || n > 100_000) {
    throw new UsageError(`${name} must be a whole number from 1 to 100000 (got ${value ?? 'nothing'})`);
  }
  return n;
}

function expectArgs(args: string[], count: number): void {
  if (args.length !== count) throw new UsageError(`Expected ${count} argument(s), got ${args.length}`);
}

async function run(argv: string[], io: AdminIo): Promise<number> {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    io.out(USAGE);
    return command ? 0 : 1;
  }
  if (command === 'backup' || command === 'restore') return copyDatabase(command, args, io);
  if (command === 'migrate-to') return migrateToPostgres(args, io);
  if (command === 'audit') return printAudit(auditOptions(args), io);
  if (!['invite', 'uninvite', 'tier', 'list', 'grant-admin', 'revoke-admin'].includes(command)) {
    throw new UsageError(`Unknown command: ${command}`);
  }
  // Check the arguments before touching the database.
  if (command === 'list') expectArgs(args, 0);
  else if (command === 'tier') expectArgs(args, 3);
  else expectArgs(args, 1);
  // `tier @name`: the account by its username; every other target is an email.
  const byUsername = command === 'tier' && args[0]?.startsWith('@') === true;
  const target = command === 'list' ? '' : byUsername ? username(args[0] as string) : email(args[0]);
  const limits =
    command === 'tier' ? [limit(args[1], 'maxGroups'), limit(args[2], 'maxMembersPerGroup')] : [];

  const config = loadConfig(io.env);
  const handle = createDb({
    databaseUrl: config.databaseUrl,
    sqlitePath: config.sqlitePath,
    poolSize: config.databasePoolSize,
  });
  const operator = commandLineOperator();
  try {
    await migrateToLatest(handle);
    const repos = createRepositories(handle);
    const admin = new AdminService(repos);
    const operators = new OperatorsService(repos, config.adminEmails);
    switch (command) {
      case 'grant-admin': {
        const granted = await operators.grant(operator, target);
        io.out(
          granted
            ? `${target} is an operator once its account has confirmed the address`
            : `${target} was an operator already`,
        );
        return 0;
      }
      case 'revoke-admin': {
        const revoked = await operators.revoke(operator, target);
        const setting = config.adminEmails.includes(target) ? ' (still in ADMIN_EMAILS)' : '';
        io.out(revoked ? `${target} is no longer granted${setting}` : `${target} was not granted${setting}`);
        return 0;
      }
      case 'invite': {
        const added = await admin.invite(operator, target);
        io.out(added ? `Invited ${target}` : `${target} was already invited`);
        return 0;
      }
      case 'uninvite': {
        const removed = await admin.uninvite(operator, target);
        io.out(removed ? `Removed the invite of ${target}` : `${target} had no invite`);
        return 0;
      }
      case 'tier': {
        const [maxGroups = 0, maxMembers = 0] = limits;
        const result = byUsername
          ? await admin.setTierOfUsername(operator, target, maxGroups, maxMembers)
          : await admin.setTier(operator, target, maxGroups, maxMembers);
        if (!result) {
          io.err(
            byUsername
              ? `No user is named ${target} (npm run admin -- list shows every user).`
              : `No user and no invite for ${target}. Invite them first: npm run admin -- invite ${target}`,
          );
          return 1;
        }
        const whom =
          result.target === 'user'
            ? result.users.map((user) => `user ${user.username}, uuid ${user.uuid}`).join('; ')
            : 'invite, applies at sign-up, or once an account confirms the address';
        io.out(`Set the tier of ${target} (${whom}): ${maxGroups} groups, ${maxMembers} members per group`);
        return 0;
      }
      default: {
        const listing = await admin.list(operator);
        io.out(`Invites (${listing.invites.length}):`);
        for (const i of listing.invites) {
          io.out(
            `  ${i.email}  invited ${i.invitedAt}  tier: ${i.tier}${i.registered ? '  (signed up)' : ''}`,
          );
        }
        io.out(`Users (${listing.users.length}):`);
        for (const u of listing.users) {
          const email = u.email || '(no confirmed email)';
          io.out(`  ${u.username}  ${email}  since ${u.createdAt}  tier: ${u.tier}`);
        }
        const operatorList = await operators.list(operator);
        io.out(`Operators (${operatorList.length}):`);
        for (const o of operatorList) io.out(`  ${o.email}  ${o.source}`);
        return 0;
      }
    }
  } finally {
    await handle.close();
  }
}

async function copyDatabase(command: 'backup' | 'restore', args: string[], io: AdminIo): Promise<number> {
  expectArgs(args, 1);
  const file = path.resolve(args[0] as string);
  const config = loadConfig(io.env);
  if (config.databaseUrl) {
    io.err(
      `The database is PostgreSQL (DATABASE_URL): ${command === 'backup' ? 'back it up with pg_dump' : 'restore it with pg_restore'} (README, Backups).`,
    );
    return 1;
  }
  if (command === 'backup') {
    const { pages } = await backupSqlite(config.sqlitePath, file);
    io.out(`Backed up ${config.sqlitePath} to ${file} (${pages} pages)`);
  } else {
    const { pages } = await restoreSqlite(file, config.sqlitePath);
    await recordRestore(config.sqlitePath, file);
    io.out(`Restored ${config.sqlitePath} from ${file} (${pages} pages)`);
  }
  return 0;
}

/**
 * The restored database's trail says that it was restored, from which file: the lines after the
 * backup's moment are gone with the rest of that time's data. A line of its own after the copy (a
 * restore is a file copy, not a transaction).
 */
async function recordRestore(sqlitePath: string, file: string): Promise<void> {
  const handle = createDb({ sqlitePath });
  try {
    await migrateToLatest(handle);
    await recordOperatorAction(createRepositories(handle), commandLineOperator(), 'restore', file);
  } finally {
    await handle.close();
  }
}

async function printAudit({ days, csv }: { days: number; csv: boolean }, io: AdminIo): Promise<number> {
  const config = loadConfig(io.env);
  const handle = createDb({
    databaseUrl: config.databaseUrl,
    sqlitePath: config.sqlitePath,
    poolSize: config.databasePoolSize,
  });
  try {
    await migrateToLatest(handle);
    const lines = await auditTrail(commandLineOperator(), createRepositories(handle), days);
    if (csv) {
      io.write(auditCsv(lines));
      return 0;
    }
    io.out(`Audit trail, last ${days} days (${lines.length}):`);
    for (const l of lines) {
      const target = l.target === null ? '' : `  ${JSON.stringify(l.target)}`;
      const detail = l.detail === null ? '' : `  ${l.detail}`;
      io.out(`  ${l.at}  ${l.actor} (${l.source})  ${l.action}${target}${detail}`);
    }
    return 0;
  } finally {
    await handle.close();
  }
}

async function migrateToPostgres(args: string[], io: AdminIo): Promise<number> {
  expectArgs(args, 1);
  const url = args[0] as string;
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new UsageError('migrate-to needs a postgres:// or postgresql:// URL');
  }
  const config = loadConfig(io.env);
  // migrateTo refuses when DATABASE_URL is set: the configured database is then PostgreSQL already.
  const report = await migrateTo({ sqlitePath: config.sqlitePath, databaseUrl: config.databaseUrl }, { url });
  io.out(describeMigration(report));
  return 0;
}

/**
 * Runs one admin command (`npm run admin -- <argv>`) and answers its exit code: 0 when done, 1 for a
 * usage error, a bad setting, a refused backup or copy, or any other failure, with its reason on `err`.
 */
export async function runAdminCommand(argv: string[], io: AdminIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (error) {
    if (error instanceof UsageError) io.err(`${error.message}\n\n${USAGE}`);
    else if (error instanceof ConfigError || error instanceof BackupError || error instanceof MigrateToError)
      io.err(error.message);
    else io.err(error instanceof Error ? error.message : String(error));
    return 1;
  }
}
