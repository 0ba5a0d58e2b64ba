// Task relations: grouped by kind with removal; add by searching another task or creating one by title, of any kind.
import { forwardRef, useCallback, useImperativeHandle, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../../i18n';
import { pathFor } from '../../../routes';
import type { RelationKind, Task } from '../../../api/tasks';
import { RELATION_KINDS } from '../../../model/tasks';
import { isUndisclosed } from '../../../model/relations';
import * as actions from '../../../actions';
import { PickerField, type PickerFieldHandle } from '../../../components/PickerField';

export interface RelationsHandle {
  focus: () => void;
}

const NO_TASKS: Task[] = [];
const taskKey = (x: Task) => x.id;
const taskTexts = (x: Task) => [x.title, `${x.identifier} ${x.title}`];

export interface RelationsProps {
  task: Task;
  readOnly: boolean;
}

export const Relations = forwardRef<RelationsHandle, RelationsProps>(function Relations({ task, readOnly }, ref) {
  const t = useT();
  const [kind, setKind] = useState<RelationKind>('related');
  const picker = useRef<PickerFieldHandle>(null);
  useImperativeHandle(ref, () => ({ focus: () => picker.current?.open() }));
  const search = useCallback((q: string) => actions.tasks.search({ s: q, perPage: 10 }).then((items) => items.filter((x) => x.id !== task.id)), [task.id]);

  // The actions show the relation on both tasks in the store, so this list (and the other task's) follows.
  const add = (other: Task | null, title = '') => (other ? actions.relations.add(task.id, other, kind) : actions.relations.addNew(task, title, kind));
  const remove = (k: RelationKind, other: Task) => actions.relations.remove(task.id, other.id, k);

  const groups = RELATION_KINDS.map((k) => [k, task.relatedTasks[k] ?? []] as const).filter(([, list]) => list.length > 0);
  return (
    <div className="detail-relations">
      {groups.map(([k, list]) => (
        <div key={k} className="relation-group">
          <h4 className="relation-kind">{t(`task.relation.${k}`)}</h4>
          <ul>
            {list.map((other) => {
              const hidden = isUndisclosed(other);
              const title = hidden ? t('task.relation.undisclosed') : other.title;
              return (
                <li key={other.id}>
                  {hidden ? (
                    <span className="detail-muted">{title}</span>
                  ) : (
                    <Link to={pathFor('task.detail', { id: other.id })} className={other.done ? 'is-done' : ''}>
                      {title}
                    </Link>
                  )}
                  {!readOnly && (
                    <button type="button" className="icon-button" aria-label={t('task.detail.removeRelation', { title })} onClick={() => void remove(k, other)}>
                      ×
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      {!readOnly && (
        <div className="relation-add">
          <select className="input" aria-label={t('task.detail.relationKind')} value={kind} onChange={(e) => setKind(e.target.value as RelationKind)}>
            {RELATION_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`task.relation.${k}`)}
              </option>
            ))}
          </select>
          <PickerField<Task>
            ref={picker}
            label={t('task.detail.relationSearch')}
            buttonContent={t('task.detail.relationAdd')}
            items={NO_TASKS}
            itemKey={taskKey}
            itemText={taskTexts}
            renderItem={(x) => (
              <>
                <span className="detail-muted">{x.identifier}</span> {x.title}
              </>
            )}
            search={search}
            emptyText={t('task.detail.relationSearch')}
            onPick={(x) => void add(x)}
            create={{ label: (title) => t('task.detail.relationCreate', { title }), run: (title) => void add(null, title) }}
          />
        </div>
      )}
    </div>
  );
});
