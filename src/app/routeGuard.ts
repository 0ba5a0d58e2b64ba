// The route guard of spec §2 as a pure decision: where a visitor may go, and what to remember.
import { publicRouteNames, type RouteName } from '../routes';

export interface GuardInput {
  routeName: string;
  query: Record<string, string>;
  ready: boolean;
  signedIn: boolean;
  passwordResetToken: string | null;
  emailConfirmToken: string | null;
}

export type GuardDecision =
  | { action: 'allow' }
  /**
   * Go to a named route; `remember` asks to save the intended destination first. `query` is what the target
   * route still needs from the current query (it is left out of the remembered destination).
   */
  | { action: 'redirect'; to: RouteName; remember: boolean; query?: Record<string, string> };

const ALLOW: GuardDecision = { action: 'allow' };

export function guardRoute(input: GuardInput): GuardDecision {
  if (!input.ready) return ALLOW;
  const { routeName, query } = input;
  const homeWithToken = routeName === 'home' && ('userPasswordReset' in query || 'userEmailConfirm' in query);

  if (
    !input.signedIn &&
    !publicRouteNames.has(routeName) &&
    input.passwordResetToken === null &&
    input.emailConfirmToken === null &&
    !homeWithToken
  ) {
    // "/?redirectToProvider=true" asks the login page to go straight to the provider (spec §2, login screen);
    // only that parameter travels, so the rest of the query stays with the remembered destination.
    if (routeName === 'home' && query.redirectToProvider === 'true') {
      return { action: 'redirect', to: 'user.login', remember: true, query: { redirectToProvider: 'true' } };
    }
    return { action: 'redirect', to: 'user.login', remember: true };
  }
  // A pending reset or confirmation pins the visitor to the screen that consumes it.
  if (input.passwordResetToken !== null && routeName !== 'user.password-reset.reset') {
    return { action: 'redirect', to: 'user.password-reset.reset', remember: false };
  }
  if (input.emailConfirmToken !== null && routeName !== 'user.login') {
    return { action: 'redirect', to: 'user.login', remember: false };
  }
  return ALLOW;
}
