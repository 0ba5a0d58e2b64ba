// The "?" next to the add-task box: a short panel on the quick-add syntax of the user's current prefix mode and language.
import { useEffect, useId, useRef, useState } from 'react';
import { currentLanguage, useT } from '../i18n';
import { dateExamplesFor, prefixesFor, type Prefixes } from '../../parsers';

/** Spec §9: the help shows after the pointer rests this long on it. */
export const HELP_HOVER_DELAY_MS = 500;

const PREFIXED: (keyof Prefixes)[] = ['label', 'list', 'priority', 'assignee'];

/**
 * Opened by click/Enter/Space (stays until toggled or Escape) or by hover (closes when the pointer leaves).
 * The two are told apart so that a panel opened on purpose does not vanish when the pointer moves to read it.
 */
export function QuickAddHelp({ mode }: { mode: string }) {
  const t = useT();
  const panelId = useId();
  const [open, setOpen] = useState<'hover' | 'pinned' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancelHover = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => cancelHover, []);
  const prefixes = prefixesFor(mode);
  // The examples are written in the language they show, so they live with its word table in parsers/.
  const examples = dateExamplesFor(currentLanguage());

  return (
    <div
      className="add-task-help"
      onPointerEnter={() => {
        cancelHover();
        timer.current = setTimeout(() => setOpen((o) => o ?? 'hover'), HELP_HOVER_DELAY_MS);
      }}
      onPointerLeave={() => {
        cancelHover();
        setOpen((o) => (o === 'hover' ? null : o));
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(null);
        }
      }}
    >
      <button
        type="button"
        className="icon-button add-task-help-button"
        aria-label={t('task.add.help.button')}
        title={t('task.add.help.button')}
        aria-expanded={open !== null}
        aria-controls={panelId}
        onClick={() => {
          cancelHover();
          setOpen((o) => (o === 'pinned' ? null : 'pinned'));
        }}
      >
        ?
      </button>
      <div id={panelId} className="add-task-help-panel" role="note" aria-label={t('task.add.help.title')} hidden={open === null}>
        {prefixes ? (
          <>
            <p>{t('task.add.help.intro')}</p>
            <ul>
              {PREFIXED.map((kind) => (
                <li key={kind}>{t(`task.add.help.${kind}`, { p: prefixes[kind] })}</li>
              ))}
              <li>{t('task.add.help.date')}</li>
              {examples && <li lang={currentLanguage()}>{t('task.add.help.dateLanguage', { examples })}</li>}
              <li>{t('task.add.help.repeat')}</li>
              <li>{t('task.add.help.literal')}</li>
            </ul>
            <p>{t('task.add.help.lines')}</p>
          </>
        ) : (
          <p>{t('task.add.help.disabled')}</p>
        )}
      </div>
    </div>
  );
}
