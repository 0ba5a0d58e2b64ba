// The route guard of spec §2 as a pure decision: where a visitor may go, and what to remember.
import { publicRouteNames } from '../routes';

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
  /** Go to a named route; `remember` asks to save the intended destination first. */
  | { action: 'redirect'; to: string; remember: boolean };

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
