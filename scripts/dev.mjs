// `npm run dev`: the API with reload on :3001 and Vite with hot reload on :3000 (proxying /api).
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const webPort = process.env.PORT ?? '3000';
const env = { ...process.env, API_PORT: apiPort };
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...env, PORT: apiPort, APP_URL: process.env.APP_URL ?? `http://localhost:${webPort}` },
  }),
  spawn('npx', ['vite', '--port', webPort, '--strictPort'], { stdio: 'inherit', env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
