import { Writable } from 'node:stream';
import { createTestApp, type TestApp, type TestAppOptions } from '#tests/helpers/app.ts';

export type LogLine = Record<string, unknown> & { msg?: string; level: number };

export type LoggedApp = TestApp & {
  /** Every line the app logged so far, as written (JSON text). */
  logText: () => string;
  logLines: () => LogLine[];
};

/**
 * The real app (as createTestApp builds it) whose log goes to memory at info level, so a test
 * can read exactly what production would write. `beforeListen` may add routes.
 */
export async function createLoggedApp(
  envOverrides: Record<string, string | undefined> = {},
  options: Pick<TestAppOptions, 'database' | 'closeDatabase' | 'beforeListen'> = {},
): Promise<LoggedApp> {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const logged = (await createTestApp(
    { TRUST_PROXY: undefined, LOG_LEVEL: 'info', ...envOverrides },
    { ...options, logger: { level: 'info', stream } },
  )) as LoggedApp;
  logged.logText = () => chunks.join('');
  logged.logLines = () =>
    chunks
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogLine);
  return logged;
}
