// A related task in a list the reader cannot open comes from the server with its id alone (no title): the task row
// and the detail's relations name it "A task you cannot open", without a link to a task that would refuse them.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { TaskRow } from '../../../src/components/TaskRow';
import { Relations } from '../../../src/views/tasks/detail/Relations';
import { taskFromApi } from '../../../src/api/tasks';
import { makeTask, renderApp } from './fixtures';

// As the server sends it: the relation's task with every field empty but its id.
const hidden = taskFromApi({ id: 42, title: '', description: '', list_id: 0, index: 0, identifier: '' });
const shown = makeTask({ id: 7, title: 'Paint the fence' });

describe('a related task the reader cannot open', () => {
  it('is named as such among the parents of a task row', () => {
    renderApp(<TaskRow task={makeTask({ relatedTasks: { parenttask: [hidden] } })} onDoneChange={() => {}} onSave={() => {}} />);
    expect(screen.getByText('A task you cannot open')).toBeInTheDocument();
  });

  it('is named, not linked, in the relations of the detail; a task one can open stays a link', () => {
    renderApp(<Relations task={makeTask({ relatedTasks: { blocked: [hidden, shown] } })} readOnly={false} />);
    const item = screen.getByText('A task you cannot open').closest('li')!;
    expect(within(item).queryByRole('link')).toBeNull();
    expect(within(item).getByRole('button', { name: 'Remove the relation to “A task you cannot open”' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Paint the fence' })).toHaveAttribute('href', '/tasks/7');
  });
});
