// `npm run dev`: Vite with hot reload on :5173, proxying /api to the API restarted on change (node --watch).
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const env = { ...process.env, PORT: apiPort, STATIC_DIR: '' };
const children = [
  spawn(process.execPath, ['--watch-path=server', 'server/main.ts'], { stdio: 'inherit', env }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  });
