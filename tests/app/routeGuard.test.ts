// The route guard of spec §2 and the remembered destination.
import { beforeEach, describe, expect, it } from 'vitest';
import { guardRoute, type GuardInput } from '../../src/app/routeGuard';
import { matchRoute, pathFor } from '../../src/routes';
import { saveLastVisited, takeLastVisitedPath } from '../../src/state/session';

const input = (over: Partial<GuardInput>): GuardInput => ({
  routeName: 'home',
  query: {},
  ready: true,
  signedIn: false,
  passwordResetToken: null,
  emailConfirmToken: null,
  ...over,
});

describe('route guard', () => {
  it('sends signed-out visitors to login and asks to remember the destination', () => {
    expect(guardRoute(input({ routeName: 'labels.index' }))).toEqual({ action: 'redirect', to: 'user.login', remember: true });
    expect(guardRoute(input({ routeName: 'not-found' }))).toEqual({ action: 'redirect', to: 'user.login', remember: true });
  });

  it.each(['user.login', 'user.password-reset.request', 'user.password-reset.reset', 'user.register', 'link-share.auth', 'openid.auth'])(
    'lets signed-out visitors reach %s',
    (routeName) => {
      expect(guardRoute(input({ routeName }))).toEqual({ action: 'allow' });
    },
  );

  it('does nothing before the app is ready', () => {
    expect(guardRoute(input({ ready: false, routeName: 'labels.index' }))).toEqual({ action: 'allow' });
  });

  it('lets signed-in users anywhere', () => {
    expect(guardRoute(input({ signedIn: true, routeName: 'labels.index' }))).toEqual({ action: 'allow' });
  });

  it('lets home through with userPasswordReset or userEmailConfirm', () => {
    expect(guardRoute(input({ query: { userPasswordReset: 'x' } }))).toEqual({ action: 'allow' });
    expect(guardRoute(input({ query: { userEmailConfirm: 'x' } }))).toEqual({ action: 'allow' });
    expect(guardRoute(input({ routeName: 'labels.index', query: { userEmailConfirm: 'x' } })).action).toBe('redirect');
  });

  it('pins a stored password-reset token to the reset page', () => {
    expect(guardRoute(input({ passwordResetToken: 't', routeName: 'labels.index' }))).toEqual({ action: 'redirect', to: 'user.password-reset.reset', remember: false });
    expect(guardRoute(input({ passwordResetToken: 't', routeName: 'user.login' }))).toEqual({ action: 'redirect', to: 'user.password-reset.reset', remember: false });
    expect(guardRoute(input({ passwordResetToken: 't', routeName: 'user.password-reset.reset' }))).toEqual({ action: 'allow' });
    expect(guardRoute(input({ passwordResetToken: 't', signedIn: true, routeName: 'home' })).action).toBe('redirect');
  });

  it('sends a stored e-mail-confirm token to login', () => {
    expect(guardRoute(input({ emailConfirmToken: 't', routeName: 'home' }))).toEqual({ action: 'redirect', to: 'user.login', remember: false });
    expect(guardRoute(input({ emailConfirmToken: 't', routeName: 'user.login' }))).toEqual({ action: 'allow' });
  });
});

describe('routes by name', () => {
  it('builds paths with params and query', () => {
    expect(pathFor('home')).toBe('/');
    expect(pathFor('list.kanban', { listId: 4 })).toBe('/lists/4/kanban');
    expect(pathFor('tasks.range', {}, { from: '2024-01-01', showNulls: true, to: undefined })).toBe('/tasks/by/upcoming?from=2024-01-01&showNulls=true');
    expect(() => pathFor('list.kanban')).toThrow(/listId/);
    // A name that is not a route does not compile; should one arrive anyway (from storage), pathFor says so.
    // @ts-expect-error 'nope' is not a RouteName
    expect(() => pathFor('nope')).toThrow(/Unknown route/);
  });

  it('matches paths back to names', () => {
    expect(matchRoute('/')).toEqual({ name: 'home', params: {} });
    expect(matchRoute('/login/')).toEqual({ name: 'user.login', params: {} });
    expect(matchRoute('/lists/7/table')).toEqual({ name: 'list.table', params: { listId: '7' } });
    expect(matchRoute('/tasks/by/upcoming').name).toBe('tasks.range');
    expect(matchRoute('/no/such/page').name).toBe('not-found');
  });
});

describe('remembered destination', () => {
  beforeEach(() => localStorage.clear());

  it('returns the saved route once, then home', () => {
    saveLastVisited({ name: 'list.table', params: { listId: 3 }, query: { page: 2 } });
    expect(takeLastVisitedPath()).toBe('/lists/3/table?page=2');
    expect(takeLastVisitedPath()).toBe('/');
  });

  it('remembers unknown paths by their path', () => {
    saveLastVisited({ name: 'not-found', params: { path: '/some/where' }, query: { a: '1' } });
    expect(takeLastVisitedPath()).toBe('/some/where?a=1');
  });
});

describe('redirectToProvider through the guard', () => {
  it('carries only redirectToProvider from home to login', () => {
    expect(guardRoute(input({ query: { redirectToProvider: 'true', other: 'x' } }))).toEqual({
      action: 'redirect',
      to: 'user.login',
      remember: true,
      query: { redirectToProvider: 'true' },
    });
  });

  it('carries nothing from other routes or without the query', () => {
    expect(guardRoute(input({ routeName: 'labels.index', query: { redirectToProvider: 'true' } }))).toEqual({ action: 'redirect', to: 'user.login', remember: true });
    expect(guardRoute(input({ query: { other: 'x' } }))).toEqual({ action: 'redirect', to: 'user.login', remember: true });
  });
});
