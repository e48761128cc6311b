import { runRetentionCommand } from './retention-command';

/** `npm run retention` (see `runRetentionCommand` for what it does and its exit codes). */
process.exitCode = await runRetentionCommand(process.env, process);
