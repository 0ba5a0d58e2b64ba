// List view commands: "g" then l list, g gantt, t table, k kanban, for the list being viewed.
import { defineCommands, type Command, type CommandContext } from './registry';
import { pathFor, type RouteName } from '../src/routes';
import { requestViewFocus } from '../src/state/focusRequests';

const listOpen = (ctx: CommandContext) => ctx.signedIn && ctx.listId !== null && ctx.listId > 0;

function view<const Id extends string>(id: Id, title: string, key: string, route: RouteName): Command<Id> {
  return {
    id,
    title,
    section: 'listViews',
    keys: [`g ${key}`],
    when: listOpen,
    run: (ctx) => {
      if (ctx.listId === null) return;
      const path = pathFor(route, { listId: ctx.listId });
      // Only a view that comes up takes the request; the one already shown keeps the focus where it is.
      if (typeof window === 'undefined' || window.location.pathname !== path) requestViewFocus();
      ctx.navigate(path);
    },
  };
}

export const viewCommands = defineCommands([
  view('view.list', 'keyboardShortcuts.listView', 'l', 'list.list'),
  view('view.gantt', 'keyboardShortcuts.ganttView', 'g', 'list.gantt'),
  view('view.table', 'keyboardShortcuts.tableView', 't', 'list.table'),
  view('view.kanban', 'keyboardShortcuts.kanbanView', 'k', 'list.kanban'),
]);
