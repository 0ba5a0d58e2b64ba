// Finds a Chromium for the end-to-end tests, installing one when none is found.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

function playwrightChromium() {
  try {
    // playwright-core knows where its own downloaded browser would live.
    const out = execSync(
      `node -e "import('playwright-core').then(m => console.log(m.chromium.executablePath()))"`,
      { stdio: ['ignore', 'pipe', 'ignore'] },
    ).toString().trim();
    return out && existsSync(out) ? out : null;
  } catch {
    return null;
  }
}

function tryRun(cmd) {
  try {
    execSync(cmd, { stdio: 'inherit' });
    return true;
  } catch {
    return false;
  }
}

/** Returns the path of a usable Chromium, installing one if needed; throws when none can be had. */
export function findChromium() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  const own = playwrightChromium();
  if (own) return own;
  console.log('[e2e] no Chromium found: trying "playwright install chromium"');
  if (tryRun('npx --yes playwright install chromium')) {
    const installed = playwrightChromium();
    if (installed) return installed;
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('[e2e] installing Debian chromium with apt-get');
    if (tryRun('apt-get update -qq')) tryRun('DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium');
    if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  }
  throw new Error('No Chromium available: install Debian\'s "chromium" package or run "npx playwright install chromium".');
}
