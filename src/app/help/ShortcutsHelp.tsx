// The keyboard shortcuts modal, generated from the registry by section, with rebinding (record, conflict check, reset).
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useAtom } from 'jotai/react';
import { registry, type Command } from '../../../commands/registry';
import { keysOf, isOverridden, pressFromEvent, rebind, resetAllBindings, resetBinding, subscribeOverrides } from '../../../commands/keyOverrides';
import { SEQUENCE_TIMEOUT_MS } from '../../../commands/keymap';
import { shortcutsHelpOpenAtom } from '../../state/ui';
import { Modal } from '../../components/Modal';
import { shortcutLabel } from '../shortcutLabel';
import { useCommandContext } from '../useCommand';
import { useT } from '../../i18n';
import './help.css';

const isApple = typeof navigator !== 'undefined' && /Mac|iPod|iPhone|iPad/.test(navigator.platform);

/** Sections in the order of the spec's shortcuts modal; any other section follows in registration order. */
const SECTION_ORDER = ['general', 'navigation', 'listViews', 'kanban', 'taskDetail', 'tasks'];

function sectionTitle(t: (k: string) => string, section: string): string {
  const key = `keyboardShortcuts.${section}`;
  const text = t(key);
  return text === key ? t(`help.section.${section}`) : text;
}

/** Only commands with keys: the modal lists exactly the keys that work. */
export function groupBySection(commands: readonly Command[]): { section: string; commands: Command[] }[] {
  const bySection = new Map<string, Command[]>();
  for (const c of commands) {
    if (keysOf(c).length === 0) continue;
    bySection.set(c.section, [...(bySection.get(c.section) ?? []), c]);
  }
  const rank = (s: string) => {
    const i = SECTION_ORDER.indexOf(s);
    return i === -1 ? SECTION_ORDER.length : i;
  };
  return [...bySection.entries()].sort((a, b) => rank(a[0]) - rank(b[0])).map(([section, list]) => ({ section, commands: list }));
}

export default function ShortcutsHelp() {
  const t = useT();
  const [open, setOpen] = useAtom(shortcutsHelpOpenAtom);
  const ctx = useCommandContext();
  // The context is a new object every render; the recorder reads the latest through a ref so it is not restarted.
  const latest = useRef({ ctx, t });
  latest.current = { ctx, t };
  const version = useSyncExternalStore(
    (cb) => {
      const a = subscribeOverrides(cb);
      const b = registry.subscribe(cb);
      return () => {
        a();
        b();
      };
    },
    () => registryVersion(),
  );
  // version is the registry's change counter: the list is read anew whenever commands are added or removed.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const groups = useMemo(() => groupBySection(registry.list()), [version]);
  const [recording, setRecording] = useState<string | null>(null);
  const [presses, setPresses] = useState<string[]>([]);
  const [message, setMessage] = useState<string | null>(null);

  // While recording, every key press is captured before the global keymap (capture phase) and the modal sees it.
  useEffect(() => {
    if (!recording) return;
    let timer = 0;
    let current: string[] = [];
    const { t } = latest.current;
    const finish = () => {
      if (current.length === 0) return;
      const binding = current.join(' ');
      const conflict = rebind(registry, recording, binding, latest.current.ctx);
      if (conflict) {
        setMessage(t('help.conflict', { keys: shortcutLabel(binding, t('keyboardShortcuts.then')), command: t(conflict.command.title) }));
      } else {
        setMessage(t('help.saved', { keys: shortcutLabel(binding, t('keyboardShortcuts.then')) }));
      }
      setRecording(null);
      setPresses([]);
    };
    const onKey = (e: KeyboardEvent) => {
      e.preventDefault();
      e.stopPropagation();
      if (e.key === 'Escape' && current.length === 0) {
        setRecording(null);
        setMessage(t('help.cancelled'));
        return;
      }
      if (e.key === 'Enter' && current.length > 0) {
        window.clearTimeout(timer);
        finish();
        return;
      }
      const press = pressFromEvent(e, isApple);
      if (!press) return;
      current = [...current, press];
      setPresses(current);
      // A sequence is as long as the keymap allows between presses; after that the recording ends by itself.
      window.clearTimeout(timer);
      timer = window.setTimeout(finish, SEQUENCE_TIMEOUT_MS);
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.clearTimeout(timer);
    };
  }, [recording]);

  return (
    <Modal enabled={open} title={t('keyboardShortcuts.title')} onClose={() => setOpen(false)}>
      <div className="help-body">
        <p className="help-intro">{t('help.intro')}</p>
        {message && (
          <p className="help-message" role="status">
            {message}
          </p>
        )}
        {groups.map(({ section, commands }) => (
          <section key={section} className="help-section" aria-labelledby={`help-${section}`}>
            <h3 id={`help-${section}`}>{sectionTitle(t, section)}</h3>
            <dl className="help-list">
              {commands.map((c) => (
                <div key={c.id} className="help-row">
                  <dt>{t(c.title)}</dt>
                  <dd>
                    {recording === c.id ? (
                      <span className="help-recording" aria-live="polite">
                        {presses.length ? presses.map((p) => shortcutLabel(p)).join(` ${t('keyboardShortcuts.then')} `) : t('help.pressKeys')}
                      </span>
                    ) : (
                      keysOf(c).map((k) => <kbd key={k}>{shortcutLabel(k, t('keyboardShortcuts.then'))}</kbd>)
                    )}
                    <button
                      type="button"
                      className="help-action"
                      aria-label={t('help.changeFor', { command: t(c.title) })}
                      onClick={() => {
                        setMessage(null);
                        setPresses([]);
                        setRecording(c.id);
                      }}
                    >
                      {t('help.change')}
                    </button>
                    {isOverridden(c.id) && (
                      <button type="button" className="help-action" aria-label={t('help.resetFor', { command: t(c.title) })} onClick={() => resetBinding(c.id)}>
                        {t('help.reset')}
                      </button>
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
        <p className="help-kanban">{t('help.kanbanCtrlClick', { key: shortcutLabel('$mod') })}</p>
        <button type="button" className="help-action" onClick={() => resetAllBindings()}>
          {t('help.resetAll')}
        </button>
      </div>
    </Modal>
  );
}

// A counter bumped by both sources, so useSyncExternalStore sees a new snapshot after any change.
let counter = 0;
subscribeOverrides(() => (counter += 1));
registry.subscribe(() => (counter += 1));
function registryVersion(): number {
  return counter;
}
