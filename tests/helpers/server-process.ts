import { type ChildProcess, spawn } from 'node:child_process';

export type SpawnedServer = {
  port: number;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output: () => string;
};

/**
 * Starts a LetLead server process (`args` after `node`: the build, or the source through tsx)
 * with `env` on top of this process's and the test defaults, and resolves once it logs the address it listens on.
 * A server that exits first, or is still silent after `timeoutMs`, rejects with its output.
 */
export async function spawnServer({
  args,
  env,
  timeoutMs,
}: {
  args: string[];
  env: Record<string, string>;
  timeoutMs: number;
}): Promise<SpawnedServer> {
  let output = '';
  const child = spawn(process.execPath, args, {
    // A test server: on a port of its own, local only, with no demo agency unless asked.
    env: { ...process.env, NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DEMO_DATA: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const append = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start:\n${output}`));
    }, timeoutMs);
    child.stdout?.on('data', () => {
      const match = output.match(/running at http:\/\/localhost:(\d+)/);
      if (!match) return;
      clearTimeout(timer);
      resolve(Number(match[1]));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
  return { port, process: child, output: () => output };
}

/** Stops a server process with `signal` and waits for it to exit (at once if it has already). */
export async function stopServer(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}
