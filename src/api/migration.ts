// Import ("migration") calls: when a service was last imported, and the file upload of file-based migrators.
import { get, post, put } from './client';

export interface MigrationStatus {
  id: number;
  migratorName: string;
  /** When the last import ran, or null when never. */
  time: Date | null;
}

/** GET /migration/<service>/status. The API names the timestamp `time` (a string); some servers add `created`. */
export async function migrationStatus(service: string): Promise<MigrationStatus> {
  const res = await get<{ id?: number; migratorName?: string; time?: string; created?: Date | null }>(`migration/${encodeURIComponent(service)}/status`);
  const raw = res.time && !res.time.startsWith('0001') ? new Date(res.time) : (res.created ?? null);
  const time = raw && !Number.isNaN(raw.getTime()) ? raw : null;
  return { id: res.id ?? 0, migratorName: res.migratorName ?? '', time: res.id ? time : null };
}

/** PUT /migration/<service>/migrate with the file in the multipart field `import`. */
export function migrateFile(service: string, file: File): Promise<{ message?: string }> {
  const form = new FormData();
  form.append('import', file, file.name);
  return put(`migration/${encodeURIComponent(service)}/migrate`, form);
}

/** GET /migration/<service>/auth: the provider page OAuth-based migrators send the person to. */
export async function migrationAuthUrl(service: string): Promise<string> {
  const res = await get<{ url?: string }>(`migration/${encodeURIComponent(service)}/auth`);
  return res.url ?? '';
}

/** POST /migration/<service>/migrate with the code the provider returned (OAuth-based migrators). */
export function migrateWithCode(service: string, code: string): Promise<{ message?: string }> {
  return post(`migration/${encodeURIComponent(service)}/migrate`, { code });
}
