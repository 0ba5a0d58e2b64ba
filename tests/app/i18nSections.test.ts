// The signed-out screens render before the "app" section of the messages loads: every key they use must be in
// the core section, or the visitor sees a raw key.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pickSection } from '../../src/i18n/sections';
import en from '../../src/i18n/locales/en.json';

const ROOT = path.resolve(__dirname, '../..');

/** What the signed-out screens, the link-share sign-in and the readiness screens render. */
const SIGNED_OUT_FILES = [
  ...readdirSync(path.join(ROOT, 'src/views/auth')).map((f) => `src/views/auth/${f}`),
  'src/main.tsx',
  'src/app/Root.tsx',
  'src/app/SignedOutLayout.tsx',
  'src/app/LinkShareLayout.tsx',
  'src/app/ReadinessScreens.tsx',
  'src/app/ApiUrlForm.tsx',
  'src/app/LegalLinks.tsx',
  'src/app/UpdateBanner.tsx',
  'src/app/toast.ts',
  'src/app/Toaster.tsx',
  'src/app/errorText.ts',
  'src/components/TextField.tsx',
  'src/components/PasswordField.tsx',
  'src/components/Button.tsx',
  'src/components/Loading.tsx',
  'src/components/Message.tsx',
];

type Tree = { [key: string]: string | Tree };
const lookup = (tree: Tree, key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Tree)[part] : undefined), tree);

/** Literal keys passed to t() (template keys are checked by their static prefix being a whole core subtree). */
function keysIn(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), 'utf8');
  return [...source.matchAll(/\bt\(\s*['"]([a-zA-Z0-9_]+(?:\.[a-zA-Z0-9_]+)+)['"]/g)].map((m) => m[1]);
}

describe('message sections', () => {
  const core = pickSection(en as Tree, 'core');
  const app = pickSection(en as Tree, 'app');

  it('finds the keys of the signed-out screens (the scan itself works)', () => {
    const keys = SIGNED_OUT_FILES.flatMap(keysIn);
    expect(keys).toContain('user.auth.login');
    expect(keys).toContain('sharing.authenticating');
    expect(keys.length).toBeGreaterThan(40);
  });

  it.each(SIGNED_OUT_FILES)('%s uses only keys of the core section', (file) => {
    const missing = keysIn(file).filter((key) => typeof lookup(core, key) !== 'string');
    expect(missing).toEqual([]);
  });

  it('splits the file without losing or doubling a message', () => {
    const leaves = (tree: Tree, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : leaves(v, `${prefix}${k}.`)));
    const all = leaves(en as Tree);
    const split = [...leaves(core), ...leaves(app)];
    expect(split.sort()).toEqual([...all].sort());
  });
});
