// The views of the signed-out and link-share sign-in routes, each split into its own chunk; the signed-in views are
// in appRouteViews.ts, which the signed-out first page does not load. Apart from routes.ts so that views, which link
// to routes by name, are not imported by the module they import (one such file made every view part of an import cycle).
import type { ComponentType } from 'react';
import type { AppRouteName, RouteName } from '../routes';

export type ViewLoader = () => Promise<{ default: ComponentType }>;

/** Route name → its view, for every route outside the signed-in layout (those are in appRouteViews.ts). */
export const routeViews: Record<Exclude<RouteName, AppRouteName>, ViewLoader> = {
  'user.login': () => import('../views/auth/Login'),
  'user.register': () => import('../views/auth/Register'),
  'user.password-reset.request': () => import('../views/auth/PasswordResetRequest'),
  'user.password-reset.reset': () => import('../views/auth/PasswordReset'),
  'openid.auth': () => import('../views/auth/OpenIdAuth'),
  'link-share.auth': () => import('../views/auth/LinkShareAuth'),
};
