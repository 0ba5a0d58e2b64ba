// Data export actions: download the export archive the mail links to.
import * as api from '../api/export';

/** Downloads the export (the password confirms it for local users) and saves it as a file; throws on failure. */
export async function download(password: string): Promise<void> {
  api.saveFile(await api.downloadExport(password));
}
