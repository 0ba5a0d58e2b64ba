// The addresses the screens show or load from (the API, avatars, CalDAV, link shares, list backgrounds), so views
// need not know the API layer: each is built from the API's base address the client found at start.
import { apiBase } from '../api/client';
import { avatarUrl } from '../api/user';
import { caldavUrl } from '../api/caldav';
import { linkShareUrl } from '../api/linkShares';
import { backgroundObjectUrl } from '../api/lists';

/** The API's address (`…/api/v1`), as the About page shows it. */
export const apiAddress = (): string => apiBase();

/** A user's avatar at a size; `version` changes the address after an upload, so the browser loads it again. */
export const avatarAddress = (username: string, size?: number, version?: number): string => avatarUrl(apiBase(), username, size, version);

/** The CalDAV principal of a user, for calendar apps. */
export const caldavAddress = (username: string): string => caldavUrl(apiBase(), username);

/** The address a link share is opened at (the configured frontend address, else this one). */
export const linkShareAddress = (hash: string, frontendUrl?: string): string => linkShareUrl(hash, frontendUrl);

/** A list's background image as an object URL (fetched with the token), null when it has none; revoke it when done. */
export const listBackgroundAddress = (listId: number): Promise<string | null> => backgroundObjectUrl(listId);
