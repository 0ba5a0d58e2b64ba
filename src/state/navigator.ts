// Navigation for code outside components (session, commands): main.tsx plugs in the router.
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let impl: Navigate = (to, opts) => {
  if (opts?.replace) window.location.replace(to);
  else window.location.assign(to);
};

export function setNavigator(fn: Navigate): void {
  impl = fn;
}

export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  impl(to, opts);
}
