// What the client knows about each import service: its display name and whether it takes a file or a provider login.

export interface MigratorDef {
  id: string;
  /** A brand name, or an i18n key (starting with "migrate.") for services without one. */
  name: string;
  kind: 'file' | 'oauth';
  /** File types the picker offers for file-based services. */
  accept?: string;
}

const KNOWN: Record<string, MigratorDef> = {
  'vikunja-file': { id: 'vikunja-file', name: 'migrate.vikunjaFile', kind: 'file', accept: '.zip,application/zip' },
  ticktick: { id: 'ticktick', name: 'TickTick', kind: 'file', accept: '.csv,text/csv' },
  todoist: { id: 'todoist', name: 'Todoist', kind: 'oauth' },
  trello: { id: 'trello', name: 'Trello', kind: 'oauth' },
  'microsoft-todo': { id: 'microsoft-todo', name: 'Microsoft To Do', kind: 'oauth' },
};

/** A service the server lists; unknown ones are assumed to use a provider login, as most upstream migrators do. */
export function migratorFor(id: string): MigratorDef {
  return KNOWN[id] ?? { id, name: id, kind: 'oauth' };
}

export function migratorName(def: MigratorDef, t: (key: string) => string): string {
  return def.name.startsWith('migrate.') ? t(def.name) : def.name;
}
