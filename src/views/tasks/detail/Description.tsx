// The task description: markdown edited in a textarea, shown sanitised; task-list checkboxes in the preview toggle the source.
import { useEffect, useMemo, useRef, useState, forwardRef, useImperativeHandle } from 'react';
import { marked } from 'marked';
import DOMPurify from 'dompurify';
import { useT } from '../../../i18n';
import { focusAtEnd } from '../../../app/focusAtEnd';

/** Flips the nth "[ ]" / "[x]" checklist box of a markdown text. */
export function toggleChecklistItem(text: string, index: number): string {
  let n = -1;
  return text.replace(/^(\s*(?:[-*+]|\d+\.)\s+)\[([ xX])\]/gm, (whole, lead: string, mark: string) => {
    n += 1;
    if (n !== index) return whole;
    return `${lead}[${mark === ' ' ? 'x' : ' '}]`;
  });
}

/** Markdown as sanitised HTML (descriptions and comments); `checklists` makes the task-list boxes clickable. */
export function renderMarkdown(text: string, { checklists = true } = {}): string {
  const html = DOMPurify.sanitize(marked.parse(text, { async: false, gfm: true, breaks: true }) as string);
  // marked renders the task-list boxes disabled; only the description's preview toggles them.
  return checklists ? html.replace(/<input([^>]*?) disabled=""([^>]*)>/g, '<input$1$2>') : html;
}

export interface DescriptionHandle {
  edit: () => void;
}

export const Description = forwardRef<DescriptionHandle, { value: string; readOnly: boolean; onSave: (text: string) => void }>(function Description({ value, readOnly, onSave }, ref) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const area = useRef<HTMLTextAreaElement>(null);
  const preview = useRef<HTMLDivElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  // Where the focus goes once the textarea (or the button) is on screen: focusing from a timer raced the render,
  // which is how `e` used to leave the focus elsewhere and lose what was typed next.
  const focusNext = useRef<'area' | 'button' | null>(null);
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (focusNext.current === 'area' && editing) focusAtEnd(area.current);
    if (focusNext.current === 'button' && !editing) editButton.current?.focus();
    focusNext.current = null;
  }, [editing]);
  const startEditing = () => {
    if (readOnly) return;
    focusNext.current = 'area';
    if (editing) focusAtEnd(area.current);
    else setEditing(true);
  };
  const stopEditing = () => {
    focusNext.current = 'button';
    setEditing(false);
  };
  useImperativeHandle(ref, () => ({ edit: startEditing }));
  const html = useMemo(() => renderMarkdown(value), [value]);

  const onPreviewClick = (e: React.MouseEvent) => {
    const target = e.target as HTMLElement;
    if (!(target instanceof HTMLInputElement) || target.type !== 'checkbox' || !preview.current) return;
    e.preventDefault();
    if (readOnly) return;
    const boxes = [...preview.current.querySelectorAll('input[type="checkbox"]')];
    onSave(toggleChecklistItem(value, boxes.indexOf(target)));
  };

  if (editing) {
    return (
      <div className="detail-description">
        <textarea
          ref={area}
          className="detail-description-input"
          aria-label={t('task.detail.description')}
          value={draft}
          rows={Math.max(6, draft.split('\n').length + 1)}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              stopEditing();
              setDraft(value);
            }
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              onSave(draft);
              stopEditing();
            }
          }}
        />
        <div className="detail-row-actions">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              onSave(draft);
              stopEditing();
            }}
          >
            {t('task.detail.save')}
          </button>
          <button type="button" className="btn btn-tertiary" onClick={() => (stopEditing(), setDraft(value))}>
            {t('task.detail.cancel')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="detail-description">
      {value.trim() === '' ? (
        <p className="detail-muted">{t('task.detail.noDescription')}</p>
      ) : (
        // Clicks are delegated from the checklist's checkboxes, which are the focusable controls (Space toggles them).
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
        <div ref={preview} className="markdown" onClick={onPreviewClick} dangerouslySetInnerHTML={{ __html: html }} />
      )}
      {!readOnly && (
        <button ref={editButton} type="button" className="btn btn-secondary" onClick={startEditing}>
          {t('task.detail.editDescription')}
        </button>
      )}
    </div>
  );
});
