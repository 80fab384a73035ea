// Imported first by server/main.ts and scripts/start.ts (and the bench's store server), so that every way the
// server starts (`npm start`, `npm run serve`, `npm run dev`, the e2e and bench servers) runs with the settings of
// nodeFlags.ts: when some are missing, the process replaces itself with the same command plus those flags and
// variables (process.execve: same pid, same stdio) before anything else is loaded.
import { missingEnv, missingNodeFlags } from './nodeFlags.ts';

// Set on the re-exec, so that a runtime which drops a setting cannot make it loop.
const REEXEC_MARK = 'BIZSITE_NODE_FLAGS_APPLIED';

const flags = missingNodeFlags(process.execArgv, process.env.NODE_OPTIONS);
const env = missingEnv(process.env);
// process.execve does not exist on Windows: there the server runs with Node's defaults (more memory, same behaviour).
if (
  (flags.length > 0 || Object.keys(env).length > 0) &&
  process.env[REEXEC_MARK] === undefined &&
  typeof process.execve === 'function'
) {
  process.execve(
    process.execPath,
    [process.execPath, ...flags, ...process.execArgv, ...process.argv.slice(1)],
    {
      ...process.env,
      ...env,
      [REEXEC_MARK]: '1',
    },
  );
}
