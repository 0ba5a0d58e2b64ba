// `npm run dev`: the API server on 3456 (data in ./data) and Vite on 5173 proxying /api to it.
import { spawn } from 'node:child_process';

const api = spawn('npx', ['tsx', 'watch', 'server/start.ts'], {
  stdio: 'inherit',
  env: { ...process.env, KEYFLOW_SERVE_CLIENT: '0', PORT: process.env.API_PORT ?? '3456' },
});
const vite = spawn('npx', ['vite'], { stdio: 'inherit', env: process.env });
const stop = () => {
  api.kill('SIGTERM');
  vite.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', stop);
vite.on('exit', stop);
