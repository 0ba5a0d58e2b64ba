// Link shares of a list: create (name, right, optional password), list, delete, and the address to hand out.
import { del, getPage, put } from './client';
import type { User } from './user';
import type { Right } from './sharing';

export interface LinkShare {
  id: number;
  hash: string;
  name: string;
  right: Right;
  /** 1 without password, 2 with one. */
  sharingType: number;
  sharedBy?: User;
  created?: Date | null;
}

export async function getLinkShares(listId: number): Promise<LinkShare[]> {
  const items = (await getPage<Partial<LinkShare> & { id: number; hash: string }>(`lists/${listId}/shares`, { query: { page: 0 } })).items;
  return items.map((s) => ({ name: '', right: 0 as Right, sharingType: 1, ...s }));
}

export async function createLinkShare(listId: number, share: { name: string; right: Right; password: string }): Promise<LinkShare> {
  return put<LinkShare>(`lists/${listId}/shares`, share);
}

export async function deleteLinkShare(listId: number, shareId: number): Promise<void> {
  await del(`lists/${listId}/shares/${shareId}`);
}

/** The sharable address: the server's frontend URL when it has one, else this app's origin. */
export function linkShareUrl(hash: string, frontendUrl?: string): string {
  const root = (frontendUrl && frontendUrl !== '' ? frontendUrl : `${window.location.origin}/`).replace(/\/+$/, '');
  return `${root}/share/${hash}/auth`;
}
