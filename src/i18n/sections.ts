// Which messages every page needs (the "core" section, loaded with the first page) and which only signed-in
// screens need (the "app" section, loaded with the first signed-in view). Read by the Vite plugin below.
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** Key prefixes of the core section: the signed-out screens, readiness, errors, link-share sign-in. */
export const CORE_PREFIXES = [
  'misc',
  'ready',
  'update',
  'offline',
  'apiConfig',
  'user.auth',
  'notFound',
  'error',
  // Only the keys the signed-out screens use from these (tests/app/i18nSections.test.ts checks that list).
  'navigation.imprint',
  'navigation.legal',
  'navigation.privacy',
  'notification.error',
  'notification.success',
  'notification.title',
  'sharing.authenticating',
  'sharing.error',
  'sharing.invalidPassword',
  'sharing.linkShare',
  'sharing.passwordRequired',
] as const;

type Messages = { [key: string]: string | Messages };

function isCore(path: string): boolean {
  return CORE_PREFIXES.some((p) => path === p || path.startsWith(`${p}.`) || p.startsWith(`${path}.`));
}

/** The part of a message tree inside (`core`) or outside (`app`) the core prefixes. */
export function pickSection(tree: Messages, section: 'core' | 'app', prefix = ''): Messages {
  const out: Messages = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const exact = CORE_PREFIXES.some((p) => path === p || path.startsWith(`${p}.`));
    if (exact) {
      if (section === 'core') out[key] = value;
    } else if (typeof value !== 'string' && isCore(path)) {
      // A parent of a core prefix (e.g. "user" for "user.auth"): split inside it.
      const inner = pickSection(value, section, path);
      if (Object.keys(inner).length > 0) out[key] = inner;
    } else if (section === 'app') {
      out[key] = value;
    }
  }
  return out;
}

/**
 * `import x from './en.json?i18n=core'` (or `=app`) yields only that section of the file. Under Vitest both
 * sections are the whole file, so component tests see every message without waiting for a chunk.
 */
export function i18nSections(): Plugin {
  return {
    name: 'keyflow-i18n-sections',
    enforce: 'pre',
    async resolveId(source, importer) {
      const m = /^(.*\.json)\?i18n=(core|app)$/.exec(source);
      if (!m) return null;
      const resolved = await this.resolve(m[1], importer, { skipSelf: true });
      // The id must not end in .json, or the JSON plugin would parse the module this plugin generates.
      return resolved ? `\0i18n:${m[2]}:${resolved.id}.mjs` : null;
    },
    load(id) {
      const m = /^\0i18n:(core|app):(.*)\.mjs$/.exec(id);
      if (!m) return null;
      this.addWatchFile(m[2]);
      const tree = JSON.parse(readFileSync(m[2], 'utf8')) as Messages;
      const picked = process.env.VITEST ? tree : pickSection(tree, m[1] as 'core' | 'app');
      return `export default ${JSON.stringify(picked)};`;
    },
  };
}
