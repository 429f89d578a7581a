// An operator's command (`npm run admin`, `npm run backup` …) run as a shell runs it: its script
// through tsx, with only the environment given.
import { spawn } from 'node:child_process';
import path from 'node:path';

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node_modules/.bin/tsx <args…>` (the first is the script) with `env` only; its exit code and output. */
export function runScript(args: string[], env: NodeJS.ProcessEnv): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.resolve('node_modules/.bin/tsx'), args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
