// The one picker for choosing from a set (users, labels, lists, tasks, teams, buckets): a cmdk combobox ranked by fuzzyRank.
import {
  forwardRef,
  useEffect,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Command as Cmdk } from 'cmdk';
import { useT } from '../i18n';
import { rankByText } from '../app/fuzzyRank';
import { focusAtEnd } from '../app/focusAtEnd';
import './picker.css';

export type PickerKey = string | number;

export interface PickerProps<T> {
  /** The accessible name of the input and the listbox (e.g. "Assign a user"). */
  label: string;
  items: readonly T[];
  itemKey: (item: T) => PickerKey;
  /** What typing is matched against; several strings (name and username) count by the best one. */
  itemText: (item: T) => string | readonly string[];
  renderItem?: (item: T) => ReactNode;
  /** Keys already chosen: shown checked in a multi picker, marked current in a single one. */
  selectedKeys?: readonly PickerKey[];
  /** A multi picker toggles: picking a chosen item calls onRemove. */
  multiple?: boolean;
  onPick: (item: T) => void;
  onRemove?: (item: T) => void;
  /** Offers "create" as the last option when the typed text is not exactly an existing item. */
  create?: { label: (text: string) => string; run: (text: string) => void };
  /** Asks the server for items as the person types (users, tasks); the results are ranked like local ones. */
  search?: (query: string) => Promise<readonly T[]>;
  /** Closed by Escape (cancel) or after a pick; the owner puts the focus back where it belongs. */
  onClose?: (reason: 'cancel' | 'picked') => void;
  placeholder?: string;
  initialQuery?: string;
  /** At most this many options are rendered. */
  limit?: number;
  autoFocus?: boolean;
  /** Shown when nothing matches and there is nothing to create. */
  emptyText?: string;
}

export interface PickerHandle {
  focus: () => void;
}

const CREATE_VALUE = 'picker:create';
const SEARCH_DEBOUNCE_MS = 150;
const valueOf = (key: PickerKey) => `picker:${typeof key}:${key}`;

function PickerInner<T>(props: PickerProps<T>, ref: React.ForwardedRef<PickerHandle>) {
  const { label, items, itemKey, itemText, renderItem, selectedKeys = [], multiple, onPick, onRemove, create, search, onClose, placeholder, initialQuery = '', limit = 50, autoFocus, emptyText } = props;
  const t = useT();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState(initialQuery);
  const [remote, setRemote] = useState<{ query: string; items: readonly T[] }>({ query: '', items: [] });
  const root = useRef<HTMLDivElement>(null);
  // cmdk reports a pick the same way for Enter and for a click; a click in a multi picker keeps the list open.
  const byPointer = useRef(false);
  const latestSearch = useRef(search);
  latestSearch.current = search;

  useImperativeHandle(ref, () => ({ focus: () => focusAtEnd(input.current) }), []);
  useEffect(() => {
    if (autoFocus) focusAtEnd(input.current);
  }, [autoFocus]);

  useEffect(() => {
    // cmdk highlights the first option after the list changes without announcing it (its aria-activedescendant only
    // follows arrow keys), so a screen reader would not hear the option Enter is about to pick. Keep them in step.
    const list = root.current;
    if (!list || typeof MutationObserver === 'undefined') return;
    const sync = () => {
      const el = input.current;
      const id = list.querySelector('[cmdk-item][aria-selected="true"]')?.id;
      if (!el) return;
      if (id) el.setAttribute('aria-activedescendant', id);
      else el.removeAttribute('aria-activedescendant');
    };
    const observer = new MutationObserver(sync);
    observer.observe(list, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-selected'] });
    sync();
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const q = query.trim();
    if (!latestSearch.current || q === '') return setRemote({ query: q, items: [] });
    let live = true;
    const timer = setTimeout(() => {
      latestSearch.current?.(q).then(
        (found) => live && setRemote({ query: q, items: found }),
        () => live && setRemote({ query: q, items: [] }),
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query]);

  const pool = useMemo(() => {
    if (remote.items.length === 0) return items;
    const seen = new Set(items.map(itemKey));
    return [...items, ...remote.items.filter((r) => !seen.has(itemKey(r)))];
  }, [items, remote, itemKey]);
  const ranked = useMemo(() => rankByText(query, pool, itemText, limit), [query, pool, itemText, limit]);
  const text = query.trim();
  const lower = text.toLocaleLowerCase();
  const exists = (item: T) => {
    const texts = itemText(item);
    return (typeof texts === 'string' ? [texts] : texts).some((s) => s.toLocaleLowerCase() === lower);
  };
  // While the server has not answered for this text, "create" is held back: Enter would otherwise make a duplicate
  // of a task or user the answer is about to show.
  const searching = !!search && text !== '' && remote.query !== text;
  const offerCreate = !!create && text !== '' && !searching && !pool.some(exists);
  const chosen = new Set(selectedKeys);


  const pick = (item: T, stay: boolean) => {
    if (multiple && chosen.has(itemKey(item))) onRemove?.(item);
    else onPick(item);
    setQuery('');
    if (!stay) onClose?.('picked');
  };
  const runCreate = (stay: boolean) => {
    create?.run(text);
    setQuery('');
    if (!stay) onClose?.('picked');
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      // The picker owns Escape while it is open: it must not also close the dialog or the task behind it.
      e.preventDefault();
      e.stopPropagation();
      onClose?.('cancel');
      return;
    }
    // Shift+Enter in a multi picker picks and stays open for the next one; plain Enter picks and closes.
    if (e.key === 'Enter' && multiple && e.shiftKey) {
      e.preventDefault();
      e.stopPropagation();
      // cmdk tells its highlight only to a controlled owner, and controlling it drops aria-activedescendant.
      const active = root.current?.querySelector('[cmdk-item][aria-selected="true"]')?.getAttribute('data-value');
      if (active === CREATE_VALUE) return runCreate(true);
      const item = ranked.find((i) => valueOf(itemKey(i)) === active);
      if (item) pick(item, true);
    }
  };

  return (
    // cmdk keeps the highlight itself (it moves to the first option as the query changes, so Enter after a few
    // letters takes the best match).
    <Cmdk ref={root} className="picker" label={label} shouldFilter={false} loop onKeyDown={onKeyDown}>
      <Cmdk.Input ref={input} className="input picker-input" value={query} onValueChange={setQuery} placeholder={placeholder ?? label} aria-describedby={hintId} />
      <Cmdk.List className="picker-list" label={label}>
        {ranked.map((item) => {
          const key = itemKey(item);
          const isChosen = chosen.has(key);
          return (
            <Cmdk.Item
              key={valueOf(key)}
              value={valueOf(key)}
              className="picker-option"
              aria-checked={multiple ? isChosen : undefined}
              aria-current={!multiple && isChosen ? 'true' : undefined}
              onPointerDown={(e) => {
                byPointer.current = true;
                // Keeps the focus in the input, so typing and arrows go on working after a click.
                e.preventDefault();
              }}
              onSelect={() => {
                const stay = !!multiple && byPointer.current;
                byPointer.current = false;
                pick(item, stay);
              }}
            >
              {multiple && (
                <span className="picker-check" aria-hidden="true">
                  {isChosen ? '✓' : ''}
                </span>
              )}
              <span className="picker-option-text">{renderItem ? renderItem(item) : itemText(item).toString()}</span>
            </Cmdk.Item>
          );
        })}
        {offerCreate && (
          <Cmdk.Item value={CREATE_VALUE} className="picker-option picker-create" onSelect={() => runCreate(false)}>
            {create!.label(text)}
          </Cmdk.Item>
        )}
        {ranked.length === 0 && !offerCreate && <div className="picker-empty">{searching ? t('picker.searching') : (emptyText ?? t('picker.noResults'))}</div>}
      </Cmdk.List>
      <p id={hintId} className="picker-hint">
        {multiple ? t('picker.hintMultiple') : t('picker.hint')}
      </p>
    </Cmdk>
  );
}

export const Picker = forwardRef(PickerInner) as <T>(props: PickerProps<T> & { ref?: React.Ref<PickerHandle> }) => ReturnType<typeof PickerInner>;
