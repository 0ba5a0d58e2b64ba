// The kanban bucket of a task: a picker over the buckets of its list, shown when the list has any.
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { useAtomValue } from 'jotai/react';
import { useT } from '../../../i18n';
import type { Task } from '../../../api/tasks';
import * as actions from '../../../actions';
import { bucketChoicesAtom, type BucketChoice } from '../../../state/bucketChoices';
import { PickerField, type PickerFieldHandle } from '../../../components/PickerField';
import type { FieldHandle } from './fieldHandle';

export interface BucketFieldProps {
  task: Task;
  readOnly: boolean;
  onMove: (bucketId: number) => void;
}

const bucketKey = (b: BucketChoice) => b.id;
const bucketText = (b: BucketChoice) => b.title;

export const BucketField = forwardRef<FieldHandle, BucketFieldProps>(function BucketField({ task, readOnly, onMove }, ref) {
  const t = useT();
  const picker = useRef<PickerFieldHandle>(null);
  // The last read of the list's buckets shows at once; the read on open brings it up to date.
  const buckets = useAtomValue(bucketChoicesAtom).get(task.listId) ?? null;
  // `b` pressed as the task opens arrives before the buckets: the picker opens once they are there.
  const pendingOpen = useRef(false);
  useImperativeHandle(ref, () => ({
    open: () => {
      if (picker.current) picker.current.open();
      else pendingOpen.current = true;
    },
  }), []);

  useEffect(() => {
    void actions.buckets.loadChoices(task.listId);
  }, [task.listId]);

  useEffect(() => {
    if (buckets && buckets.length > 0 && pendingOpen.current) {
      pendingOpen.current = false;
      picker.current?.open();
    }
  }, [buckets]);

  if (!buckets || buckets.length === 0) return null;
  const current = buckets.find((b) => b.id === task.bucketId);
  const shown = current?.title ?? (task.bucketId > 0 ? `#${task.bucketId}` : t('task.detail.bucket'));
  return (
    <section className="detail-section" aria-labelledby="d-bucket">
      <h3 id="d-bucket" className="detail-section-title">
        {t('task.detail.bucket')}
      </h3>
      <PickerField<BucketChoice>
        ref={picker}
        label={t('task.detail.bucket')}
        buttonContent={shown}
        buttonLabel={`${t('task.detail.bucket')}: ${shown}`}
        disabled={readOnly}
        items={buckets}
        itemKey={bucketKey}
        itemText={bucketText}
        selectedKeys={[task.bucketId]}
        onPick={(b) => b.id !== task.bucketId && onMove(b.id)}
      />
    </section>
  );
});
