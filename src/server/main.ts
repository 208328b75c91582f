import { buildApp } from '#server/app.ts';
import { DatabaseLockedError } from '#server/db/client.ts';
import { EnvError, loadEnv } from '#server/env.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoData } from '#server/features/demo/index.ts';

async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({ env });
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(`LetLead could not start: ${(error as Error).message}`);
    process.exit(1);
  }

  if (env.demoData) {
    try {
      if (await seedDemoData(app.ctx)) {
        // Printed, not logged: the log masks email addresses, and this one is meant to be read.
        console.log(`Demo agency created: sign in as ${DEMO_EMAIL} with the password ${DEMO_PASSWORD}`);
      }
    } catch (error) {
      app.log.warn({ err: error }, 'The demo data could not be created');
    }
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing in-flight requests and closing`);
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    await app.listen({ port: env.port, host: env.host });
  } catch (error) {
    console.error(`LetLead could not listen on ${env.host}:${env.port}: ${(error as Error).message}`);
    await app.close();
    process.exit(1);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.port;
  const database = app.ctx.database.kind === 'pglite' ? `embedded database in ${env.dataDir}` : 'PostgreSQL';
  console.log(`LetLead is running at http://localhost:${port} (${database})`);
}

void main();
