// Task relations: grouped by kind with removal; add by searching another task or creating one by title, of any kind.
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../../i18n';
import { pathFor } from '../../../routes';
import { createTask, getAllTasks, RELATION_KINDS, type RelationKind, type Task } from '../../../api/tasks';
import { createRelation, deleteRelation } from '../../../api/relations';
import { error as toastError } from '../../../app/toast';

export interface RelationsHandle {
  focus: () => void;
}

const SEARCH_DEBOUNCE_MS = 150;

export interface RelationsProps {
  task: Task;
  readOnly: boolean;
  onChange: (related: Task['relatedTasks']) => void;
}

export const Relations = forwardRef<RelationsHandle, RelationsProps>(function Relations({ task, readOnly, onChange }, ref) {
  const t = useT();
  const [query, setQuery] = useState('');
  const [kind, setKind] = useState<RelationKind>('related');
  const [results, setResults] = useState<Task[]>([]);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => ({ focus: () => input.current?.focus() }));

  useEffect(() => {
    if (query.trim() === '') return setResults([]);
    const timer = setTimeout(() => {
      getAllTasks({ s: query.trim(), perPage: 10 }).then((p) => setResults(p.items.filter((x) => x.id !== task.id)), () => setResults([]));
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, task.id]);

  const add = async (other: Task | null) => {
    if (!other && query.trim() === '') {
      setFieldError(t('task.detail.relationRequired'));
      return;
    }
    try {
      const target = other ?? (await createTask(task.listId, { title: query.trim() }));
      await createRelation(task.id, target.id, kind);
      onChange({ ...task.relatedTasks, [kind]: [...(task.relatedTasks[kind] ?? []), target] });
      setQuery('');
      setResults([]);
      setFieldError(null);
    } catch (err) {
      void toastError(err);
    }
  };
  const remove = async (k: RelationKind, other: Task) => {
    try {
      await deleteRelation(task.id, other.id, k);
      onChange({ ...task.relatedTasks, [k]: (task.relatedTasks[k] ?? []).filter((x) => x.id !== other.id) });
    } catch (err) {
      void toastError(err);
    }
  };

  const groups = RELATION_KINDS.map((k) => [k, task.relatedTasks[k] ?? []] as const).filter(([, list]) => list.length > 0);
  return (
    <div className="detail-relations">
      {groups.map(([k, list]) => (
        <div key={k} className="relation-group">
          <h4 className="relation-kind">{t(`task.relation.${k}`)}</h4>
          <ul>
            {list.map((other) => (
              <li key={other.id}>
                <Link to={pathFor('task.detail', { id: other.id })} className={other.done ? 'is-done' : ''}>
                  {other.title}
                </Link>
                {!readOnly && (
                  <button type="button" className="icon-button" aria-label={t('task.detail.removeRelation', { title: other.title })} onClick={() => void remove(k, other)}>
                    ×
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {!readOnly && (
        <div className="relation-add">
          <input
            ref={input}
            className="input"
            aria-label={t('task.detail.relationSearch')}
            placeholder={t('task.detail.relationSearch')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), void add(results[0] ?? null))}
          />
          <select className="input" aria-label={t('task.detail.relationKind')} value={kind} onChange={(e) => setKind(e.target.value as RelationKind)}>
            {RELATION_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`task.relation.${k}`)}
              </option>
            ))}
          </select>
          {results.length > 0 && (
            <ul className="relation-results" aria-label={t('task.detail.relationResults')}>
              {results.map((r) => (
                <li key={r.id}>
                  <button type="button" className="link-button" onClick={() => void add(r)}>
                    {r.identifier} {r.title}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {query.trim() !== '' && (
            <button type="button" className="btn btn-secondary" onClick={() => void add(null)}>
              {t('task.detail.relationCreate', { title: query.trim() })}
            </button>
          )}
          {fieldError && <p className="field-error">{fieldError}</p>}
        </div>
      )}
    </div>
  );
});
