// /user/settings: redirects to general, or to the page its hash names (user.settings#deletion → the deletion page).
import { Navigate, useLocation } from 'react-router-dom';
import { pathFor } from '../../routes';
import { SETTINGS_PAGES, routeOf } from '../../app/settingsPages';

export default function SettingsIndex() {
  const { hash } = useLocation();
  const wanted = SETTINGS_PAGES.find((p) => `#${p.id}` === hash);
  return <Navigate to={pathFor(routeOf(wanted?.id ?? 'general'))} replace />;
}
