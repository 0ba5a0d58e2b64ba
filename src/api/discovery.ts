// API address discovery (spec part 1 §7): the first candidate that answers GET info becomes API_URL.
import { API_SUFFIX, DEFAULT_API_PORT } from '../constants';
import { fromApi } from './convert';
import type { ServerInfo } from './info';

export class NoApiUrlError extends Error {
  constructor(readonly tried: string[]) {
    super('noApiUrlProvided');
    this.name = 'NoApiUrlError';
  }
}

/** Normalises user input: a leading slash gets this host, no scheme means http, no trailing slash. */
export function normaliseApiUrl(input: string, origin: string = window.location.origin): string {
  let url = input.trim();
  if (url.startsWith('/')) url = `${origin}${url}`;
  if (!/^https?:\/\//i.test(url)) url = `http://${url}`;
  return url.replace(/\/+$/, '');
}

function withSuffix(url: string): string {
  return url.endsWith(API_SUFFIX) ? url : `${url}${API_SUFFIX}`;
}

/**
 * Every address to try, in order: as given, with /api/v1, over https (both), then port 3456 over https
 * and http (both). Duplicates are dropped so a URL that already ends in /api/v1 is tried once.
 */
export function candidateUrls(input: string, origin?: string): string[] {
  const given = normaliseApiUrl(input, origin);
  const parsed = new URL(given);
  const path = parsed.pathname.replace(/\/+$/, '');
  const at = (protocol: string, port: string | null) => {
    const u = new URL(given);
    u.protocol = protocol;
    if (port !== null) u.port = port;
    return `${u.protocol}//${u.host}${path}`;
  };
  const https = at('https:', null);
  const port = String(DEFAULT_API_PORT);
  const list = [
    given,
    withSuffix(given),
    https,
    withSuffix(https),
    at('https:', port),
    withSuffix(at('https:', port)),
    at('http:', port),
    withSuffix(at('http:', port)),
  ];
  return [...new Set(list)];
}

export type InfoProbe = (base: string) => Promise<ServerInfo>;

/** GET {base}/info with plain fetch: the probe runs before anything else and must stay light. */
const probeInfo: InfoProbe = async (base) => {
  const res = await fetch(`${base}/info`, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
  return fromApi<ServerInfo>(await res.json());
};

/**
 * Tries each candidate in turn; resolves with the working base URL and its info, else NoApiUrlError. `known`: the
 * address answered before (the stored API_URL), so only it is asked: when it is silent the network or the server is
 * away, and the other candidates (https, port 3456, other hosts' addresses) would only send requests elsewhere.
 */
export async function discoverApiUrl(input: string, probe: InfoProbe = probeInfo, origin?: string, known = false): Promise<{ url: string; info: ServerInfo }> {
  const tried = known ? [normaliseApiUrl(input, origin)] : candidateUrls(input, origin);
  for (const url of tried) {
    try {
      const info = await probe(url);
      // Anything that answers JSON without a version is not our API (e.g. an SPA fallback page).
      if (info && typeof info === 'object' && typeof info.version === 'string') return { url, info };
    } catch {
      // try the next candidate
    }
  }
  throw new NoApiUrlError(tried);
}
