// Importing from another service, written once: by file or by an OAuth code. An import adds namespaces and lists,
// so the sidebar loads again. They throw on failure: the import page shows it.
import * as api from '../api/migration';
import { reloadNamespaces } from '../state/namespaces';

/** When this service was last imported from (null when never). */
export async function lastImport(service: string): Promise<Date | null> {
  return (await api.migrationStatus(service)).time;
}

/** The address of the service's sign-in page for the OAuth import. */
export const authorizationAddress = (service: string): Promise<string> => api.migrationAuthUrl(service);

async function imported(request: Promise<unknown>): Promise<void> {
  await request;
  // The new namespaces show in the sidebar; a failed reload leaves the import done all the same.
  reloadNamespaces().catch(() => undefined);
}

export const importFile = (service: string, file: File): Promise<void> => imported(api.migrateFile(service, file));
export const importWithCode = (service: string, code: string): Promise<void> => imported(api.migrateWithCode(service, code));
