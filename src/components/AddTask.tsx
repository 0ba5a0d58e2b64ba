// The add-task box: quick-add with the user's prefix mode, recognised tokens highlighted as typed, completion, dismissable tokens, one task per line.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai/react';
import { addTaskBoxesAtom, addTaskFocusRequestAtom } from '../state/focusRequests';
import { focusAtEnd } from '../app/focusAtEnd';
import { currentLanguage, useT } from '../i18n';
import { parseTaskText, prefixesFor, type ParseHint, type ParsedToken } from '../../parsers';
import { quickAddModeAtom } from '../state/taskSettings';
import { isMobileWidth } from '../state/ui';
import { labelsAtom, labelsLoadedAtom, listsByIdAtom, loadLabels } from '../state/namespaces';
import { searchAssignees } from '../actions/users';
import { error as toastError } from '../app/toast';
import { NoListError, TitleRequiredError, UnfinishedError, maskSpans } from '../actions/quickAdd';
import { QuickAddHelp } from './QuickAddHelp';
import type { Task, UserRef } from '../api/tasks';
import './addTask.css';

export interface Span {
  start: number;
  end: number;
  /** The text of the span when it was dismissed; a span whose text changed no longer applies. */
  text: string;
}

export interface AddTaskProps {
  /**
   * Creates the tasks; receives the text and the dismissed spans. Throws NoListError / TitleRequiredError,
   * UnfinishedError (told already: the text comes back to be sent again) or API errors.
   */
  onAdd: (text: string, dismissed: Span[]) => Promise<Task[]>;
  autoFocus?: boolean;
  disabled?: boolean;
}

export const SEARCH_DEBOUNCE_MS = 150;

type Located = ParsedToken & { line: number };

/**
 * Tokens of every line, with offsets into the whole text; dismissed spans hidden from the parser.
 * `hints` collects what quick-add understood but cannot do (offsets into the whole text too).
 */
export function tokensOf(text: string, mode: string, dismissed: Span[], now: Date, locale = 'en', hints: ParseHint[] = []): Located[] {
  const out: Located[] = [];
  let offset = 0;
  text.split('\n').forEach((line, lineNo) => {
    const local = dismissed.filter((d) => d.start >= offset && d.end <= offset + line.length).map((d) => ({ start: d.start - offset, end: d.end - offset }));
    const { masked } = maskSpans(line, local);
    const parsed = parseTaskText(masked, mode, now, locale);
    for (const tok of parsed.tokens) out.push({ ...tok, start: tok.start + offset, end: tok.end + offset, line: lineNo });
    for (const hint of parsed.hints) hints.push({ ...hint, start: hint.start + offset, end: hint.end + offset });
    offset += line.length + 1;
  });
  return out;
}

interface Completion {
  kind: 'label' | 'list' | 'assignee';
  /** Span of the word (prefix included) to replace. */
  start: number;
  end: number;
  query: string;
}

/** The prefixed word the caret is in, if its prefix is a label, list or assignee prefix of the mode. */
export function completionAt(text: string, caret: number, mode: string): Completion | null {
  const prefixes = prefixesFor(mode);
  if (!prefixes) return null;
  let start = caret;
  while (start > 0 && !/\s/.test(text[start - 1])) start -= 1;
  const word = text.slice(start, caret);
  if (word.length < 1) return null;
  const kinds: [Completion['kind'], string][] = [
    ['label', prefixes.label],
    ['list', prefixes.list],
    ['assignee', prefixes.assignee],
  ];
  for (const [kind, p] of kinds) {
    if (word.startsWith(p)) {
      let end = caret;
      while (end < text.length && !/\s/.test(text[end])) end += 1;
      return { kind, start, end, query: word.slice(p.length).replace(/^["']/, '') };
    }
  }
  return null;
}

const KIND_CLASS: Record<ParsedToken['kind'], string> = {
  label: 'tok-label',
  list: 'tok-list',
  priority: 'tok-priority',
  assignee: 'tok-assignee',
  date: 'tok-date',
  repeat: 'tok-repeat',
};

export function AddTask({ onAdd, autoFocus, disabled }: AddTaskProps) {
  const t = useT();
  const mode = useAtomValue(quickAddModeAtom);
  const labels = useAtomValue(labelsAtom);
  const lists = useAtomValue(listsByIdAtom);
  const [text, setText] = useState('');
  const [dismissed, setDismissed] = useState<Span[]>([]);
  const [loading, setLoading] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [users, setUsers] = useState<UserRef[]>([]);
  const [closedAt, setClosedAt] = useState<number | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);
  const labelsLoaded = useAtomValue(labelsLoadedAtom);
  const focusRequest = useAtomValue(addTaskFocusRequestAtom);
  const setBoxes = useSetAtom(addTaskBoxesAtom);
  const seenFocusRequest = useRef(focusRequest);

  // The `n` command (commands/focus.ts) applies while a box is on screen, and asks it for the focus.
  useEffect(() => {
    setBoxes((n) => n + 1);
    return () => setBoxes((n) => n - 1);
  }, [setBoxes]);
  useEffect(() => {
    if (focusRequest === seenFocusRequest.current) return;
    seenFocusRequest.current = focusRequest;
    focusAtEnd(area.current);
  }, [focusRequest]);

  // Label completion and matching need the labels; load them once if nobody has yet.
  useEffect(() => {
    if (!labelsLoaded) loadLabels().catch(() => undefined);
  }, [labelsLoaded]);

  // Dismissals only hold while their text is unchanged at the same place.
  const liveDismissed = useMemo(() => dismissed.filter((d) => text.slice(d.start, d.end) === d.text), [dismissed, text]);
  const language = currentLanguage();
  const { tokens, hints } = useMemo(() => {
    const found: ParseHint[] = [];
    return { tokens: tokensOf(text, mode, liveDismissed, new Date(), language, found), hints: found };
  }, [text, mode, liveDismissed, language]);
  const completion = useMemo(() => (closedAt === caret ? null : completionAt(text, caret, mode)), [text, caret, mode, closedAt]);

  useEffect(() => {
    if (completion?.kind !== 'assignee' || completion.query.length < 1) {
      setUsers([]);
      return;
    }
    const timer = setTimeout(() => {
      searchAssignees(completion.query).then(setUsers, () => setUsers([]));
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [completion?.kind, completion?.query]);

  const suggestions: string[] = useMemo(() => {
    if (!completion) return [];
    const q = completion.query.toLocaleLowerCase();
    const pool =
      completion.kind === 'label'
        ? labels.map((l) => l.title)
        : completion.kind === 'list'
          ? [...lists.values()].filter((l) => l.id > 0 && !l.isArchived).map((l) => l.title)
          : users.map((u) => u.username);
    return [...new Set(pool)].filter((v) => v.toLocaleLowerCase().includes(q) && v.toLocaleLowerCase() !== q).slice(0, 8);
  }, [completion, labels, lists, users]);

  useEffect(() => setActive(0), [suggestions.length]);

  const choose = (value: string) => {
    if (!completion) return;
    const prefix = text.slice(completion.start, completion.start + 1);
    const quoted = /\s/.test(value) ? `"${value}"` : value;
    const next = `${text.slice(0, completion.start)}${prefix}${quoted} ${text.slice(completion.end).replace(/^ /, '')}`;
    const pos = completion.start + prefix.length + quoted.length + 1;
    setText(next);
    setCaret(pos);
    requestAnimationFrame(() => {
      area.current?.focus();
      area.current?.setSelectionRange(pos, pos);
    });
  };

  const submit = async () => {
    if (loading) return;
    if (text.trim() === '') {
      setFieldError(t('list.create.addTitleRequired'));
      return;
    }
    const typed = text;
    const typedDismissed = liveDismissed;
    setLoading(true);
    setFieldError(null);
    // Clear at once so the next task can be typed; a failure puts the text back.
    setText('');
    setDismissed([]);
    try {
      await onAdd(typed, typedDismissed);
    } catch (err) {
      setText(typed);
      setDismissed(typedDismissed);
      if (err instanceof NoListError) setFieldError(t('list.create.addListRequired'));
      else if (err instanceof TitleRequiredError) setFieldError(t('list.create.addTitleRequired'));
      else if (err instanceof UnfinishedError) setFieldError(t('task.add.unfinished'));
      else void toastError(err);
    } finally {
      setLoading(false);
      // Back in the box for the next task, unless the person has left it meanwhile (Escape while the task was saved).
      requestAnimationFrame(() => {
        const now = document.activeElement;
        if (now === area.current || now === null || now === document.body) area.current?.focus();
      });
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (suggestions.length > 0) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : suggestions.length - 1)) % suggestions.length);
        return;
      }
      if (e.key === 'Tab' || (e.key === 'Enter' && !e.shiftKey)) {
        e.preventDefault();
        choose(suggestions[active]);
        return;
      }
      if (e.key === 'Escape') {
        // Closing the suggestions is all this Escape does; the next one leaves the field.
        e.preventDefault();
        e.stopPropagation();
        setClosedAt(caret);
        return;
      }
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  // The highlight layer mirrors the text with the tokens wrapped.
  const highlighted = useMemo(() => {
    const parts: React.ReactNode[] = [];
    let pos = 0;
    tokens.forEach((tok, i) => {
      if (tok.start > pos) parts.push(text.slice(pos, tok.start));
      parts.push(
        <mark key={i} className={`tok ${KIND_CLASS[tok.kind]}`}>
          {text.slice(tok.start, tok.end)}
        </mark>,
      );
      pos = tok.end;
    });
    parts.push(`${text.slice(pos)}\n`);
    return parts;
  }, [tokens, text]);

  const listboxId = 'add-task-suggestions';
  // The example uses the mode's own prefixes; with quick-add magic off nothing is read, so none is suggested.
  const prefixes = prefixesFor(mode);
  // A phone's box is too narrow for the example: it says what the box is for, and the ? button explains the syntax.
  const placeholder =
    prefixes && !isMobileWidth() ? t('task.add.placeholder', { label: prefixes.label, priority: prefixes.priority }) : t('task.add.placeholderPlain');
  const rows = Math.min(8, text.split('\n').length);
  return (
    <div className="add-task">
      <div className="add-task-field">
        <div className="add-task-backdrop" ref={backdrop} aria-hidden="true">
          {highlighted}
        </div>
        <textarea
          ref={area}
          className="add-task-input"
          rows={rows}
          value={text}
          disabled={disabled}
          autoFocus={autoFocus}
          placeholder={placeholder}
          aria-label={t('task.add.label')}
          aria-invalid={fieldError !== null}
          aria-describedby={[fieldError ? 'add-task-error' : '', hints.length ? 'add-task-hint' : ''].join(' ').trim() || undefined}
          aria-busy={loading}
          role="combobox"
          aria-expanded={suggestions.length > 0}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={suggestions.length ? `${listboxId}-${active}` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setCaret(e.target.selectionStart);
            setClosedAt(null);
            if (fieldError) setFieldError(null);
          }}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
          onScroll={(e) => {
            if (backdrop.current) backdrop.current.scrollTop = e.currentTarget.scrollTop;
          }}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="btn btn-primary add-task-submit" onClick={() => void submit()} disabled={disabled || loading} aria-busy={loading}>
          {t('task.add.submit')}
        </button>
        <QuickAddHelp mode={mode} />
        {suggestions.length > 0 && (
          <ul className="add-task-suggestions" id={listboxId} role="listbox" aria-label={t(`task.add.suggest.${completion!.kind}`)}>
            {suggestions.map((s, i) => (
              <li
                key={s}
                id={`${listboxId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'is-active' : ''}
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(s);
                }}
              >
                {s}
              </li>
            ))}
          </ul>
        )}
      </div>
      {fieldError && (
        <p className="field-error" id="add-task-error" role="alert">
          {fieldError}
        </p>
      )}
      {hints.length > 0 && (
        <p className="add-task-hint" id="add-task-hint" role="status">
          {t(`task.add.hint.${hints[0].code}`, { words: text.slice(hints[0].start, hints[0].end) })}
        </p>
      )}
      {tokens.length > 0 && (
        <ul className="add-task-tokens" aria-label={t('task.add.recognised')}>
          {tokens.map((tok) => (
            <li key={`${tok.start}-${tok.kind}`} className={`tok ${KIND_CLASS[tok.kind]}`}>
              <span className="visually-hidden">{t(`task.add.kind.${tok.kind}`)}: </span>
              {text.slice(tok.start, tok.end)}
              <button
                type="button"
                aria-label={t('task.add.dismiss', { token: text.slice(tok.start, tok.end) })}
                onClick={() => setDismissed((d) => [...d, { start: tok.start, end: tok.end, text: text.slice(tok.start, tok.end) }])}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
