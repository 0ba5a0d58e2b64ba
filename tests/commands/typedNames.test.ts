// Route names and command ids are string-literal unions: a typo does not compile. The `@ts-expect-error` lines are the
// type test (the type check of `npm run lint` fails when one of them compiles); the assertions check the same names at
// run time.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { registerAppCommands, registry } from '../../commands';
import type { CommandId, ScopedCommandId } from '../../commands/ids';
import type { useRunCommand } from '../../src/app/useCommand';
import type { ScopedCommand } from '../../src/app/useScopedCommands';
import { pathFor, routeTable, type RouteName } from '../../src/routes';
import { routeViews } from '../../src/app/routeViews';
import { appRouteViews } from '../../src/app/appRouteViews';

describe('command ids', () => {
  it('are the ids of the registered commands, whichever helper built them', () => {
    registerAppCommands();
    const ids: CommandId[] = ['namespace.new', 'list.toggleSubscription', 'view.kanban', 'kanban.done', 'settings.open.general', 'settings.colorScheme.dark', 'palette.open'];
    for (const id of ids) expect(registry.get(id)?.id).toBe(id);
  });

  it('do not include a typo', () => {
    registerAppCommands();
    // @ts-expect-error 'namespace.archiv' is not a CommandId
    const typo: CommandId = 'namespace.archiv';
    expect(registry.get(typo)).toBeUndefined();
    expectTypeOf<'kanban.dne'>().not.toExtend<CommandId>();
    expectTypeOf<'settings.open.nowhere'>().not.toExtend<CommandId>();
  });

  it('are what buttons and forms run and register', () => {
    type Run = ReturnType<typeof useRunCommand>;
    const ran: string[] = [];
    const run: Run = async (id) => (ran.push(id), true);
    void run('team.member.add');
    // @ts-expect-error a button cannot run a command that does not exist
    void run('user.logut');
    expect(ran).toEqual(['team.member.add', 'user.logut']);
    expectTypeOf<ScopedCommand['id']>().toEqualTypeOf<ScopedCommandId>();
    // @ts-expect-error a form's command id is one of the scoped ids
    const scoped: ScopedCommand = { id: 'team.member.ad', title: 't', section: 's', run: () => undefined };
    expect(scoped.id).toBe('team.member.ad');
  });
});

describe('route names', () => {
  it('name every route, and every route has its view', () => {
    expect([...Object.keys(routeViews), ...Object.keys(appRouteViews)].sort()).toEqual(routeTable.map((r) => r.name).sort());
    // The signed-in views are exactly the signed-in layout's routes.
    expect(Object.keys(appRouteViews).sort()).toEqual(routeTable.filter((r) => r.layout === 'app').map((r) => r.name).sort());
    expectTypeOf<'list.kanban'>().toExtend<RouteName>();
    expectTypeOf<'list.kanbn'>().not.toExtend<RouteName>();
  });

  it('do not include a typo', () => {
    // @ts-expect-error 'list.kanbn' is not a RouteName; were it to arrive anyway (from storage), pathFor says so
    expect(() => pathFor('list.kanbn', { listId: 1 })).toThrow(/Unknown route/);
  });
});
