// The operator's CLI: `npm run admin -- <command>`, with the same DATA_DIR / DATABASE_URL (and
// BASE_URL, SMTP_URL) as the server. The commands are server/operator/operator-commands.ts.
import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { buildAppDeps } from '#server/app-deps.ts';
import { createAuth } from '#server/auth/auth.ts';
import { buildCallers } from '#server/auth/current-user.ts';
import { createDrain } from '#server/http/drain.ts';
import { loadConfig } from '#server/config.ts';
import { createDb, migrateToLatest } from '#server/db/database.ts';
import { AppError } from '#server/errors.ts';
import { createJobs } from '#server/jobs/jobs.ts';
import { OperatorError, operatorCommands, type OperatorCommands } from '#server/operator/operator-commands.ts';
import { fileStorage } from '#server/storage/storage-of-config.ts';

const USAGE = `Usage: npm run admin -- <command> [--output <file>]
  promote <email>                 make an account an admin
  demote <email> [student|tutor]  take admin away (default: student)
  block <email>                   block an account and sign it out everywhere
  unblock <email>                 let a blocked account sign in again
  reset-password <email>          email the account a password-reset link
  show <email>                    what StudyNest holds about an account
  export <email>                  everything StudyNest holds about an account, as JSON
  delete <email>                  delete an account (the rules of Settings' "Delete my account")
  jobs                            background jobs that failed (tried again later) or gave up (dead), with their last error
  retry <job id>|all              run a failed or dead job (or all of them) again at once, with fresh attempts
  audit [count]                   the newest entries of the audit log (default 50)
  help                            this text (also --help, -h)

  --output <file>, -o <file>      write what the command prints to <file> (readable by its owner only)
                                  rather than to the screen, e.g. export <email> --output data.json

Exit code 0 when done, 1 when refused (the reason on stderr), 2 with this text for a wrong command.`;

type Run = (commands: OperatorCommands, args: string[]) => Promise<string[]> | undefined;
const COMMANDS: Record<string, Run> = {
  promote: (c, [email]) => (email ? c.promote(email) : undefined),
  demote: (c, [email, role]) => (email && (role === undefined || role === 'student' || role === 'tutor') ? c.demote(email, role) : undefined),
  block: (c, [email]) => (email ? c.block(email) : undefined),
  unblock: (c, [email]) => (email ? c.unblock(email) : undefined),
  'reset-password': (c, [email]) => (email ? c.resetPassword(email) : undefined),
  show: (c, [email]) => (email ? c.show(email) : undefined),
  export: (c, [email, ...rest]) => (email && rest.length === 0 ? c.exportData(email) : undefined),
  delete: (c, [email, ...rest]) => (email && rest.length === 0 ? c.deleteAccount(email) : undefined),
  jobs: (c, rest) => (rest.length === 0 ? c.failedJobs() : undefined),
  retry: (c, [which]) => (which ? c.retryJobs(which) : undefined),
  audit: (c, [count]) => (count === undefined ? c.audit() : /^[1-9]\d{0,3}$/.test(count) ? c.audit(Number(count)) : undefined),
};

/** The command's words, and the file named by --output / -o (anywhere among them). */
function parseArgs(argv: string[]): { words: string[]; output: string | undefined } | undefined {
  const words: string[] = [];
  let output: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--output' || arg === '-o') output = argv[++i];
    else if (arg.startsWith('--output=')) output = arg.slice('--output='.length);
    else {
      words.push(arg);
      continue;
    }
    if (!output) return undefined;
  }
  return { words, output };
}

const parsed = parseArgs(process.argv.slice(2));
const [name = '', ...args] = parsed?.words ?? [];
if (parsed && ['help', '--help', '-h'].includes(name) && args.length === 0 && !parsed.output) {
  console.log(USAGE);
  process.exit(0);
}
const run = COMMANDS[name];
if (!parsed || !run || args.length > 2) {
  console.error(USAGE);
  process.exit(2);
}
const output = parsed.output;

/** Warnings and errors on stderr; nothing else (the commands print what they did). */
const log = {
  level: 'warn',
  fatal: (...a: unknown[]) => console.error(...a),
  error: (...a: unknown[]) => console.error(...a),
  warn: (...a: unknown[]) => console.error(...a),
  info: () => {},
  debug: () => {},
  trace: () => {},
  silent: () => {},
  child: () => log,
} as unknown as FastifyBaseLogger;

const config = loadConfig();
const db = createDb(config.database);
try {
  await migrateToLatest(db.kysely);
  // Enqueue only: a running StudyNest's worker sends what is queued here.
  const jobs = createJobs({ db, log, now: () => new Date() });
  // Emails are only queued here (deps.mailer is the worker's, which the CLI does not run).
  const mailer = { send: () => Promise.reject(new Error('the admin CLI queues emails; a running StudyNest sends them')) };
  const auth = createAuth({ config, db, enqueueEmail: (job) => jobs.enqueue(db.kysely, job), log });
  // Deleting an account refunds its paid bookings: the features' deps built as the app builds them.
  const deps = buildAppDeps({ db, auth, callers: buildCallers(auth, db), config, jobs, mailer, files: fileStorage(config), log, now: () => new Date(), drain: createDrain() });
  // A block or role change made here reaches running processes at once (PostgreSQL's NOTIFY).
  await deps.changes.start({ listen: false });
  let lines;
  try {
    lines = await run(operatorCommands(deps), args);
  } finally {
    await deps.changes.stop();
  }
  if (!lines) {
    console.error(USAGE);
    process.exitCode = 2;
  } else if (output) {
    // `npm run admin -- export … > file` would also catch npm's own lines; this file holds only the output.
    const text = `${lines.join('\n')}\n`;
    fs.writeFileSync(output, text, { mode: 0o600 });
    fs.chmodSync(output, 0o600);
    console.log(`Written to ${output} (${Buffer.byteLength(text)} bytes).`);
  } else console.log(lines.join('\n'));
} catch (error) {
  if (!(error instanceof OperatorError || error instanceof AppError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
