// How many tasks x has selected in the list, table or upcoming view on screen, with the way to clear them (Escape).
import { useAtomValue } from 'jotai/react';
import { useT } from '../i18n';
import { activeListNav, listSelectionAtom } from '../state/selection';
import { useRunCommand } from './useCommand';
import { shortcutLabel } from './shortcutLabel';
import './selectionCount.css';

export function SelectionCount() {
  const t = useT();
  const run = useRunCommand();
  const selection = useAtomValue(listSelectionAtom);
  // A selection belongs to the view that made it; another view's leftover is not counted.
  const count = selection.scope !== null && activeListNav()?.scope === selection.scope ? selection.selectedIds.length : 0;
  // Always in the page, so the count is announced as it changes, not only when the box appears.
  return (
    <div role="status">
      {count > 0 && (
        <div className="selection-count">
          <span>{t('taskSelection.count', { count })}</span>
          <button
            type="button"
            className="btn btn-secondary selection-count-clear"
            onClick={() => {
              void run('listNav.clear');
              // The button goes with the selection: the focus goes to the page's content, not the body.
              document.getElementById('main')?.focus({ preventScroll: true });
            }}
          >
            {t('taskSelection.nav.clear')} <kbd>{shortcutLabel('Escape')}</kbd>
          </button>
        </div>
      )}
    </div>
  );
}
