// The Node versions the project declares are ones every installed dependency supports, so `npm ci` on them
// warns of no engine mismatch (EBADENGINE).
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { version?: string; optional?: boolean; engines?: { node?: string } | string[] }>;
};

it('declares Node versions that every locked dependency supports', () => {
  // The lowest version of each range the project declares, e.g. 20.19.0 for "^20.19.0 || …".
  const lowest = pkg.engines.node.split('||').map((range) => semver.minVersion(range.trim())!.version);
  expect(lowest[0]).toMatch(/^20\./);
  const refused = Object.entries(lock.packages)
    // Optional packages are platform builds npm skips where they do not fit.
    .filter(([name, entry]) => name !== '' && !entry.optional && entry.engines && !Array.isArray(entry.engines) && entry.engines.node)
    .flatMap(([name, entry]) => {
      const wanted = (entry.engines as { node: string }).node;
      return lowest.filter((v) => !semver.satisfies(v, wanted)).map((v) => `${name}@${entry.version} wants node ${wanted}, not ${v}`);
    });
  expect(refused).toEqual([]);
});
