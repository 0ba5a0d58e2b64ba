// Commands for organising: namespaces, lists, labels, teams, saved filters, favorites, subscriptions, notifications.
// Menus pass the entity through the context (listId) or as the input (a namespace id); the palette passes a title.
// Entity modules are imported on first use so the signed-out page does not carry them.
import { defineCommands, type Command, type CommandContext } from './registry';
import { pathFor, type RouteName } from '../src/routes';

const signedIn = (ctx: CommandContext) => ctx.signedIn;
const realList = (ctx: CommandContext) => ctx.signedIn && ctx.listId !== null && ctx.listId > 0;
/** A list or saved filter open, not the favorites pseudo list. */
const editableList = (ctx: CommandContext) => ctx.signedIn && ctx.listId !== null && ctx.listId !== -1;

const toast = () => import('../src/app/toast');

/** Asks the open team page to confirm leaving or deleting its team. */
async function askTeamPage(kind: 'leave' | 'delete'): Promise<void> {
  const [{ appStore }, { teamConfirmAtom }] = await Promise.all([import('../src/state/store'), import('../src/state/ui')]);
  appStore.set(teamConfirmAtom, kind);
}
const nsState = () => import('../src/state/namespaces');

async function listOf(id: number) {
  const { appStore } = await import('../src/state/store');
  const state = await nsState();
  const known = appStore.get(state.listsByIdAtom).get(id);
  if (known) return known;
  const lists = await import('../src/actions/lists');
  return lists.load(id);
}

/** A namespace id from the input, else the namespace of the open list, else the first own namespace. */
async function namespaceIdFor(ctx: CommandContext, input?: string): Promise<number | null> {
  const fromInput = Number(input);
  if (input && Number.isInteger(fromInput) && fromInput > 0) return fromInput;
  const { appStore } = await import('../src/state/store');
  const state = await nsState();
  if (ctx.listId !== null && ctx.listId > 0) {
    const list = appStore.get(state.listsByIdAtom).get(ctx.listId);
    if (list && list.namespaceId > 0) return list.namespaceId;
  }
  if (!appStore.get(state.namespacesLoadedAtom)) await state.loadNamespaces();
  return appStore.get(state.ownNamespacesAtom)[0]?.id ?? null;
}

function listRoute<const Id extends string>(id: Id, title: string, name: RouteName, when = realList): Command<Id> {
  return {
    id,
    title,
    section: 'list',
    when,
    run: (ctx) => {
      if (ctx.listId !== null) ctx.navigate(pathFor(name, { listId: ctx.listId }));
    },
  };
}

function namespaceRoute<const Id extends string>(id: Id, title: string, name: RouteName): Command<Id> {
  return {
    id,
    title,
    section: 'namespace',
    when: signedIn,
    run: async (ctx, input) => {
      const nsId = await namespaceIdFor(ctx, input);
      if (nsId !== null) ctx.navigate(pathFor(name, name === 'namespace.settings.share' ? { namespaceId: nsId } : { id: nsId }));
    },
  };
}

/** Flips a list's favorite flag, saving it and rolling back on failure; not for favorites or archived lists. */
export async function toggleListFavorite(listId: number): Promise<void> {
  if (listId === -1) return;
  const list = await listOf(listId);
  if (list.isArchived) return;
  const lists = await import('../src/actions/lists');
  await lists.toggleFavorite(list);
}

export const organisingCommands = defineCommands([
  {
    id: 'namespace.new',
    title: 'organising.commands.newNamespace',
    section: 'namespace',
    when: signedIn,
    run: async (ctx, input) => {
      const title = input?.trim();
      if (!title) return ctx.navigate(pathFor('namespace.create'));
      // The same action as the create-namespace form: the tree reloaded, the toast, the failure told.
      const namespaces = await import('../src/actions/namespaces');
      await namespaces.create({ title });
    },
  },
  {
    id: 'list.new',
    title: 'organising.commands.newList',
    section: 'list',
    when: signedIn,
    run: async (ctx, input) => {
      const nsId = await namespaceIdFor(ctx);
      if (nsId === null) return ctx.navigate(pathFor('namespace.create'));
      const title = input?.trim();
      if (!title) return ctx.navigate(pathFor('list.create', { namespaceId: nsId }));
      // The same action as the create-list form: the list in the tree, the toast, the failure told.
      const lists = await import('../src/actions/lists');
      const list = await lists.create(nsId, { title });
      if (list) ctx.navigate(pathFor('list.index', { listId: list.id }));
    },
  },
  {
    id: 'namespace.newList',
    title: 'organising.commands.newListInNamespace',
    section: 'namespace',
    when: signedIn,
    run: async (ctx, input) => {
      const nsId = await namespaceIdFor(ctx, input);
      if (nsId !== null) ctx.navigate(pathFor('list.create', { namespaceId: nsId }));
    },
  },
  namespaceRoute('namespace.edit', 'organising.commands.editNamespace', 'namespace.settings.edit'),
  namespaceRoute('namespace.share', 'organising.commands.shareNamespace', 'namespace.settings.share'),
  namespaceRoute('namespace.archive', 'organising.commands.archiveNamespace', 'namespace.settings.archive'),
  namespaceRoute('namespace.delete', 'organising.commands.deleteNamespace', 'namespace.settings.delete'),
  {
    id: 'namespace.toggleSubscription',
    title: 'organising.commands.namespaceSubscription',
    section: 'namespace',
    when: signedIn,
    run: async (ctx, input) => {
      const nsId = await namespaceIdFor(ctx, input);
      if (nsId === null) return;
      const { appStore } = await import('../src/state/store');
      const state = await nsState();
      const ns = appStore.get(state.namespacesAtom).find((n) => n.id === nsId);
      if (!ns) return;
      const { toggleSubscription } = await import('../src/state/subscriptions');
      try {
        const next = await toggleSubscription('namespace', nsId, ns.subscription);
        state.upsertNamespace({ ...ns, subscription: next });
        // Lists inherit the namespace's subscription.
        await state.loadNamespaces();
      } catch (err) {
        void (await toast()).error(err);
      }
    },
  },
  listRoute('list.edit', 'organising.commands.editList', 'list.settings.edit', editableList),
  listRoute('list.delete', 'organising.commands.deleteList', 'list.settings.delete', editableList),
  listRoute('list.share', 'organising.commands.shareList', 'list.settings.share'),
  listRoute('list.duplicate', 'organising.commands.duplicateList', 'list.settings.duplicate'),
  listRoute('list.archive', 'organising.commands.archiveList', 'list.settings.archive'),
  listRoute('list.background', 'organising.commands.listBackground', 'list.settings.background'),
  listRoute('list.info', 'organising.commands.listInfo', 'list.info', editableList),
  {
    id: 'list.toggleFavorite',
    title: 'organising.commands.toggleListFavorite',
    section: 'list',
    when: realList,
    run: (ctx) => (ctx.listId !== null ? toggleListFavorite(ctx.listId) : undefined),
  },
  {
    id: 'list.toggleSubscription',
    title: 'organising.commands.listSubscription',
    section: 'list',
    when: realList,
    run: async (ctx) => {
      if (ctx.listId === null) return;
      const list = await listOf(ctx.listId);
      const { toggleSubscription } = await import('../src/state/subscriptions');
      try {
        const next = await toggleSubscription('list', list.id, list.subscription);
        (await nsState()).upsertList({ ...list, subscription: next });
      } catch (err) {
        void (await toast()).error(err);
      }
    },
  },
  {
    id: 'label.new',
    title: 'organising.commands.newLabel',
    section: 'label',
    when: signedIn,
    run: async (ctx, input) => {
      const title = input?.trim();
      if (!title) return ctx.navigate(pathFor('labels.create'));
      const labels = await import('../src/actions/labels');
      await labels.create(title);
      void (await toast()).success('label.create.success');
    },
  },
  {
    id: 'team.new',
    title: 'organising.commands.newTeam',
    section: 'team',
    when: signedIn,
    run: async (ctx, input) => {
      const name = input?.trim();
      if (!name) return ctx.navigate(pathFor('teams.create'));
      const teams = await import('../src/actions/teams');
      const team = await teams.create({ name });
      void (await toast()).success('team.create.success');
      ctx.navigate(pathFor('teams.edit', { id: team.id }));
    },
  },
  {
    // The labels page's delete button runs this with the label id.
    id: 'label.delete',
    title: 'organising.commands.deleteLabel',
    section: 'label',
    when: signedIn,
    run: async (_ctx, input) => {
      const id = Number(input);
      if (!Number.isInteger(id) || id <= 0) return;
      const labels = await import('../src/actions/labels');
      await labels.remove(id);
      void (await toast()).success('label.deleteSuccess');
    },
  },
  {
    // The team page's confirmation runs this with the team id; without one (the palette) the page asks to confirm.
    id: 'team.leave',
    title: 'organising.commands.leaveTeam',
    section: 'team',
    when: (ctx) => ctx.signedIn && ctx.routeName === 'teams.edit',
    run: async (ctx, input) => {
      const id = Number(input);
      if (!Number.isInteger(id) || id <= 0) return askTeamPage('leave');
      const { appStore } = await import('../src/state/store');
      const { userAtom } = await import('../src/state/session');
      const me = appStore.get(userAtom);
      if (!me) return;
      const teams = await import('../src/actions/teams');
      await teams.leave(id, me.username);
      void (await toast()).success('team.leave.success');
      ctx.navigate(pathFor('teams.index'));
    },
  },
  {
    id: 'team.delete',
    title: 'organising.commands.deleteTeam',
    section: 'team',
    when: (ctx) => ctx.signedIn && ctx.routeName === 'teams.edit',
    run: async (ctx, input) => {
      const id = Number(input);
      if (!Number.isInteger(id) || id <= 0) return askTeamPage('delete');
      const teams = await import('../src/actions/teams');
      await teams.remove(id);
      void (await toast()).success('team.delete.success');
      ctx.navigate(pathFor('teams.index'));
    },
  },
  {
    id: 'filter.new',
    title: 'organising.commands.newSavedFilter',
    section: 'filter',
    when: signedIn,
    run: (ctx) => ctx.navigate(pathFor('filters.create')),
  },
  {
    id: 'notifications.markAllRead',
    title: 'organising.commands.markAllNotificationsRead',
    section: 'notifications',
    when: signedIn,
    run: async () => {
      const { markAllRead } = await import('../src/state/notifications');
      try {
        await markAllRead();
        void (await toast()).success('notification.markAllReadSuccess');
      } catch (err) {
        void (await toast()).error(err);
      }
    },
  },
]);
