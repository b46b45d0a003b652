import { ConfigError } from '../config';
import { BackupError } from './backupDataDir';

/** Runs a command line's work: its result printed, a refusal printed without a stack, and the exit code set. */
export function runCommand(work: () => Promise<string>): void {
  work().then(
    (done) => console.log(done),
    (err: unknown) => {
      const known = err instanceof BackupError || err instanceof ConfigError;
      console.error(known ? (err as Error).message : err);
      process.exitCode = 1;
    },
  );
}
