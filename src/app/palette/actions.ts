// What the palette asks the server: tasks and teams matching the query, the titles of tasks known by id.
import { appStore } from '../../state/store';
import { labelsAtom, listsByIdAtom } from '../../state/namespaces';
import { getAllTasks, getTask, type Task } from '../../api/tasks';
import { getAllTeams, type Team } from '../../api/teams';
import { parsePaletteQuery } from './query';
import { currentLanguage } from '../../i18n';

/**
 * The server half of task search (spec part 2 §7): `s` plus a listId filter when a list was named and a
 * labels filter (ids joined by commas) when known labels were named.
 */
export async function searchTasksOnServer(query: string, mode: string, signal?: AbortSignal): Promise<Task[]> {
  const parsed = parsePaletteQuery(query, mode, new Date(), currentLanguage());
  const filters: { field: string; comparator: string; value: string }[] = [];
  if (parsed.list !== null) {
    const list = [...appStore.get(listsByIdAtom).values()].find((l) => l.title.toLocaleLowerCase() === parsed.list!.toLocaleLowerCase());
    if (list) filters.push({ field: 'list_id', comparator: 'equals', value: String(list.id) });
  }
  if (parsed.labels.length) {
    const wanted = new Set(parsed.labels.map((l) => l.toLocaleLowerCase()));
    const ids = appStore.get(labelsAtom).filter((l) => wanted.has(l.title.toLocaleLowerCase())).map((l) => l.id);
    if (ids.length) filters.push({ field: 'labels', comparator: 'in', value: ids.join(',') });
  }
  void signal;
  const page = await getAllTasks({ s: parsed.text.trim(), filters, filterConcat: 'and', perPage: 20 });
  return page.items;
}

/** The titles of tasks known only by id (recent tasks opened elsewhere); tasks that fail to load are left out. */
export async function taskTitles(ids: readonly number[]): Promise<{ id: number; title: string }[]> {
  const found = await Promise.allSettled(ids.map((id) => getTask(id)));
  return found.flatMap((r) => (r.status === 'fulfilled' ? [{ id: r.value.id, title: r.value.title }] : []));
}

/** Teams for the assignees named in the query (spec: team search per assignee, with s). */
export async function searchTeamsOnServer(names: string[]): Promise<Team[]> {
  const all = await Promise.all((names.length ? names : ['']).map((s) => getAllTeams(s || undefined)));
  const seen = new Set<number>();
  return all.flat().filter((t) => (seen.has(t.id) ? false : (seen.add(t.id), true)));
}
