// Task relations: grouped by kind with removal; add by searching another task or creating one by title, of any kind.
import { forwardRef, useCallback, useImperativeHandle, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../../i18n';
import { pathFor } from '../../../routes';
import { createTask, getAllTasks, RELATION_KINDS, type RelationKind, type Task } from '../../../api/tasks';
import { createRelation, deleteRelation } from '../../../api/relations';
import { error as toastError } from '../../../app/toast';
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
  onChange: (related: Task['relatedTasks']) => void;
}

export const Relations = forwardRef<RelationsHandle, RelationsProps>(function Relations({ task, readOnly, onChange }, ref) {
  const t = useT();
  const [kind, setKind] = useState<RelationKind>('related');
  const picker = useRef<PickerFieldHandle>(null);
  useImperativeHandle(ref, () => ({ focus: () => picker.current?.open() }));
  const search = useCallback(
    (q: string) => getAllTasks({ s: q, perPage: 10 }).then((p) => p.items.filter((x) => x.id !== task.id)),
    [task.id],
  );

  const add = async (other: Task | null, title = '') => {
    try {
      const target = other ?? (await createTask(task.listId, { title }));
      await createRelation(task.id, target.id, kind);
      onChange({ ...task.relatedTasks, [kind]: [...(task.relatedTasks[kind] ?? []), target] });
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
