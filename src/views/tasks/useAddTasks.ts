// The add-task box's onAdd for a view: the one quick-add action (actions.addTasks) with the view's list and hooks.
import { useCallback } from 'react';
import type { Task } from '../../api/tasks';
import type { Span } from '../../components/AddTask';
import * as actions from '../../actions';
import type { AddTasksOptions } from '../../actions/quickAdd';

/** Returns onAdd for <AddTask>: the quick-add action with these options; resolves to the lines' tasks. */
export function useAddTasks(currentListId: number | null, onCreated?: AddTasksOptions['onCreated'], prepare?: AddTasksOptions['prepare']) {
  return useCallback(
    async (text: string, dismissed: Span[]): Promise<Task[]> =>
      (await actions.quickAdd.addTasks(text, { currentListId, dismissed, onCreated, prepare })).map((line) => line.task),
    [currentListId, onCreated, prepare],
  );
}
