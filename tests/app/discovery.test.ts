// API address discovery: the order of candidates and the first one that answers /info.
import { describe, expect, it, vi } from 'vitest';
import { candidateUrls, discoverApiUrl, NoApiUrlError, normaliseApiUrl } from '../../src/api/discovery';

describe('API address discovery', () => {
  it('normalises input: leading slash gets the host, http by default, no trailing slash', () => {
    expect(normaliseApiUrl('/api/v1/', 'http://here:8080')).toBe('http://here:8080/api/v1');
    expect(normaliseApiUrl('tasks.example.com/')).toBe('http://tasks.example.com');
    expect(normaliseApiUrl(' https://x.test ')).toBe('https://x.test');
  });

  it('tries as given, with /api/v1, https, then port 3456 over https and http', () => {
    expect(candidateUrls('example.com')).toEqual([
      'http://example.com',
      'http://example.com/api/v1',
      'https://example.com',
      'https://example.com/api/v1',
      'https://example.com:3456',
      'https://example.com:3456/api/v1',
      'http://example.com:3456',
      'http://example.com:3456/api/v1',
    ]);
  });

  it('does not add the suffix twice', () => {
    const list = candidateUrls('http://h.test/api/v1');
    expect(list[0]).toBe('http://h.test/api/v1');
    expect(list.filter((u) => u.endsWith('/api/v1/api/v1'))).toEqual([]);
  });

  it('returns the first candidate whose /info answers with a version', async () => {
    const probe = vi.fn(async (base: string) => {
      if (base === 'http://h.test') return { notInfo: true } as never;
      if (base === 'http://h.test/api/v1') return { version: 'v0.20.4' };
      throw new Error('down');
    });
    await expect(discoverApiUrl('h.test', probe)).resolves.toEqual({ url: 'http://h.test/api/v1', info: { version: 'v0.20.4' } });
    expect(probe).toHaveBeenCalledTimes(2);
  });

  it('raises noApiUrlProvided when nothing answers', async () => {
    const err = await discoverApiUrl('h.test', async () => Promise.reject(new Error('down'))).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NoApiUrlError);
    expect((err as NoApiUrlError).message).toBe('noApiUrlProvided');
    expect((err as NoApiUrlError).tried).toHaveLength(8);
  });
});
