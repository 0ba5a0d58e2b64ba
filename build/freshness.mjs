// Whether dist/ holds a build of the sources as they are now: `npm start` rebuilds only when it does not.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Written last by `npm run build`: its time is the build's. */
export const BUILD_STAMP = 'dist/.build-stamp';

/** What the build reads. A release carries none of them, so there the build is taken as it is. */
const SOURCES = ['src', 'commands', 'parsers', 'server', 'public', 'build', 'index.html', 'vite.config.ts', 'package.json', 'package-lock.json'];

function newestIn(entry) {
  if (!existsSync(entry)) return 0;
  const st = statSync(entry);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestIn(path.join(entry, name)));
  return newest;
}

/** Why a build is needed ('missing', 'stale'), or null when dist/ is current. */
export function buildNeeded(root = '.') {
  const stamp = path.join(root, BUILD_STAMP);
  if (!existsSync(stamp) || !existsSync(path.join(root, 'dist/server/start.js'))) return 'missing';
  const built = statSync(stamp).mtimeMs;
  return SOURCES.some((s) => newestIn(path.join(root, s)) > built) ? 'stale' : null;
}
