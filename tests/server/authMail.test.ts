import { describe, it, expect, vi, afterEach } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config.js';
import { sendMail, outbox } from '../../server/mail.js';
import { RateLimiter } from '../../server/rateLimit.js';

describe('sendMail', () => {
  const dirs: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('keeps messages of in-memory servers in the outbox', async () => {
    const config = loadConfig({ KEYFLOW_LOG: '0' }, { dataDir: null });
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await sendMail(config, { to: 'outbox@example.com', subject: 'Hello', text: 'link: https://x/?t=abc' });
    const mail = outbox.at(-1)!;
    expect(mail).toMatchObject({ to: 'outbox@example.com', subject: 'Hello', text: 'link: https://x/?t=abc' });
    expect(log).not.toHaveBeenCalled();
  });

  it('writes an .eml file under <data>/mail and logs one line naming it, without the body', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'keyflow-mail-'));
    dirs.push(dir);
    const config = loadConfig({ KEYFLOW_LOG: '0' }, { dataDir: dir, databaseUrl: ':memory:' });
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
    const before = outbox.length;
    await sendMail(config, { to: 'file@example.com', subject: 'Reset your password', text: 'secret-link-token-123' });
    expect(outbox.length).toBe(before);
    const files = readdirSync(path.join(dir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = readFileSync(path.join(dir, 'mail', files[0]), 'utf8');
    expect(eml).toMatch(/^To: file@example\.com$/m);
    expect(eml).toMatch(/^Subject: Reset your password$/m);
    expect(eml).toContain('secret-link-token-123');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(path.join(dir, 'mail', files[0]));
    expect(lines[0]).not.toContain('secret-link-token-123');
  });

  it('cannot be made to inject headers through the subject or recipient', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'keyflow-mail-'));
    dirs.push(dir);
    const config = loadConfig({ KEYFLOW_LOG: '0' }, { dataDir: dir, databaseUrl: ':memory:' });
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await sendMail(config, { to: 'a@example.com', subject: 'Hi\r\nBcc: victim@example.com', text: 'body' });
    const [file] = readdirSync(path.join(dir, 'mail'));
    const eml = readFileSync(path.join(dir, 'mail', file), 'utf8');
    expect(eml).not.toMatch(/^Bcc:/im);
  });

  it('sends nothing without a recipient', async () => {
    const config = loadConfig({ KEYFLOW_LOG: '0' }, { dataDir: null });
    const before = outbox.length;
    await sendMail(config, { to: '', subject: 'x', text: 'y' });
    expect(outbox.length).toBe(before);
  });
});

describe('RateLimiter', () => {
  it('allows `limit` hits per window per key and opens again when the window has passed', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(2, 60_000, () => now);
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('a')).toMatchObject({ allowed: true, remaining: 0 });
    expect(limiter.hit('a').allowed).toBe(false);
    expect(limiter.hit('b').allowed).toBe(true);
    now += 30_000;
    const blocked = limiter.hit('a');
    expect(blocked.allowed).toBe(false);
    expect(blocked.resetMs).toBe(30_000);
    now += 30_000;
    expect(limiter.hit('a').allowed).toBe(true);
  });
});
