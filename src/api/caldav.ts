// CalDAV calls: create a token (its text is only returned once), list and delete tokens, and the CalDAV address.
import { del, get, put } from './client';

export interface CaldavToken {
  id: number;
  /** Only present in the answer to the creation. */
  token?: string;
  created?: Date | null;
}

export function createCaldavToken(): Promise<CaldavToken> {
  return put<CaldavToken>('user/settings/token/caldav');
}

export async function listCaldavTokens(): Promise<CaldavToken[]> {
  return (await get<CaldavToken[] | null>('user/settings/token/caldav')) ?? [];
}

export function deleteCaldavToken(id: number): Promise<{ message?: string }> {
  return del(`user/settings/token/caldav/${id}`);
}

/** The principal URL CalDAV clients are given: the API host without /api/v1, then /dav/principals/<username>/. */
export function caldavUrl(apiBaseUrl: string, username: string): string {
  const root = apiBaseUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  return `${root}/dav/principals/${encodeURIComponent(username)}/`;
}
