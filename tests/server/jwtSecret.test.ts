// The generated JWT secret of a data directory: processes started at the same moment on one shared directory must
// all sign with the same one, or a token from one is refused by the others.
import { describe, it, expect, afterAll } from 'vitest';
import { mkdtempSync, rmSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/**
 * Processes that have loaded the configuration module and read their secret the moment `go` is called, so their
 * start-ups overlap as closely as processes can be made to.
 */
async function racers(dataDir: string, n: number): Promise<{ go: () => void; secrets: Promise<string[]> }> {
  const script = `import { loadConfig } from ${JSON.stringify(path.join(ROOT, 'server/config.ts'))};
process.stdout.write('ready\\n');
process.stdin.once('data', () => { process.stdout.write(loadConfig({ KEYFLOW_DATA_DIR: ${JSON.stringify(dataDir)} }).jwtSecret); process.exit(0); });`;
  const children = Array.from({ length: n }, () => spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] }));
  const outputs = children.map((child) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    const ready = new Promise<void>((resolve) => {
      const check = () => (out.includes('ready\n') ? resolve() : child.stdout!.once('data', check));
      child.stdout!.once('data', check);
    });
    const done = new Promise<string>((resolve, reject) => {
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve(out.replace('ready\n', '')) : reject(new Error(`exit ${code}`))));
    });
    return { ready, done };
  });
  await Promise.all(outputs.map((o) => o.ready));
  return { go: () => children.forEach((c) => c.stdin!.end('go\n')), secrets: Promise.all(outputs.map((o) => o.done)) };
}

describe('generated JWT secret', () => {
  it('is the same for processes that start together on one data directory, and stays', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'keyflow-secret-'));
    dirs.push(dir);
    const race = await racers(dir, 6);
    race.go();
    const secrets = await race.secrets;
    expect(secrets[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(secrets).size).toBe(1);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(secrets[0]);
    // No candidate files are left behind.
    expect(readdirSync(dir)).toEqual(['jwt-secret']);
    const again = await racers(dir, 1);
    again.go();
    expect(await again.secrets).toEqual([secrets[0]]);
  });
});
