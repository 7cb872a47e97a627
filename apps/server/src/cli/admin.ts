import { runAdminCommand } from './admin-command';

// `npm run admin -- <command>`: the operator's command line (README, "Running it").
runAdminCommand(process.argv.slice(2), {
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  write: (text) => process.stdout.write(text),
}).then((code) => process.exit(code));
