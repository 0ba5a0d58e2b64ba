// `npm start`: builds when dist/ is missing or older than the sources, then runs the built server in this same
// process (npm is its only parent, so a service manager's SIGTERM reaches it).
import { spawnSync } from 'node:child_process';
import { buildNeeded } from './freshness.mjs';

const why = buildNeeded();
if (why) {
  console.log(why === 'missing' ? 'No build yet: building the client and the server…' : 'Sources changed since the last build: building…');
  const res = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
await import('../dist/server/start.js');
