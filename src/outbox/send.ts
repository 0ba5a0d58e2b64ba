// How each kind of outbox write goes to the server: the same API calls the actions made before the outbox.
import * as api from '../api/tasks';
import { addLabelToTask, removeLabelFromTask } from '../api/taskLabels';
import { addAssignee, removeAssignee } from '../api/assignees';
import { createLabel, deleteLabel, updateLabel } from '../api/labels';
import { updateBucket } from '../api/buckets';
import { updateList } from '../api/lists';
import { updateNamespace } from '../api/namespaces';
import { createComment, deleteComment, updateComment } from '../api/comments';
import { createRelation, deleteRelation } from '../api/relations';
import { success } from '../app/toast';
import type { Write } from './types';

export function sendWrite(write: Write): Promise<unknown> {
  switch (write.kind) {
    case 'create':
      return api.createTask(write.listId, write.fields);
    case 'update':
      // Sent on the copy the change was made on: its version is the If-Match (never one the change carried along),
      // and a conflict merges against it.
      return api.updateTask({ ...write.base, ...write.changes, updated: write.base.updated }, { base: write.base, onMerged: () => void success('task.conflictMerged') });
    case 'delete':
      return api.deleteTask(write.taskId);
    case 'labelAdd':
      return addLabelToTask(write.taskId, write.labelId);
    case 'labelRemove':
      return removeLabelFromTask(write.taskId, write.labelId);
    case 'assigneeAdd':
      return addAssignee(write.taskId, write.userId);
    case 'assigneeRemove':
      return removeAssignee(write.taskId, write.userId);
    case 'labelCreate':
      return createLabel(write.fields);
    case 'labelUpdate':
      return updateLabel({ ...write.label, id: write.labelId }, { onMerged: () => void success('label.conflictMerged') });
    case 'labelDelete':
      return deleteLabel(write.labelId);
    case 'bucketUpdate':
      return updateBucket(write.bucket, { onMerged: () => void success('task.kanban.bucketConflictMerged') });
    case 'listUpdate':
      return updateList(write.list, { onMerged: () => void success('list.conflictMerged') });
    case 'namespaceUpdate':
      return updateNamespace(write.namespace, { onMerged: () => void success('namespace.conflictMerged') });
    case 'commentAdd':
      return createComment(write.taskId, write.text);
    case 'commentUpdate':
      return updateComment(write.taskId, write.commentId, write.text);
    case 'commentDelete':
      return deleteComment(write.taskId, write.commentId);
    case 'relationAdd':
      return createRelation(write.taskId, write.otherId, write.relation);
    case 'relationRemove':
      return deleteRelation(write.taskId, write.otherId, write.relation);
  }
}
