// A task as the API sends it, varied by id (due dates, labels, priorities, repeats): the task benches' data.

export function fakeTask(id: number, listId: number, bucketId = 1) {
  const due = id % 3 === 0 ? new Date(Date.now() + (id % 40) * 86_400_000).toISOString() : '0001-01-01T00:00:00Z';
  return {
    id,
    title: `Task number ${id} with a reasonably long title`,
    description: id % 5 === 0 ? '* [x] a\n* [ ] b' : '',
    done: false,
    done_at: '0001-01-01T00:00:00Z',
    due_date: due,
    start_date: '0001-01-01T00:00:00Z',
    end_date: '0001-01-01T00:00:00Z',
    reminder_dates: null,
    list_id: listId,
    repeat_after: id % 7 === 0 ? 86_400 : 0,
    repeat_mode: 0,
    priority: id % 6,
    labels: id % 4 === 0 ? [{ id: 1, title: 'errand', hex_color: 'ffd166' }] : null,
    assignees: null,
    hex_color: '',
    percent_done: (id % 10) / 10,
    identifier: `-${id}`,
    index: id,
    related_tasks: {},
    attachments: null,
    cover_image_attachment_id: 0,
    is_favorite: id % 11 === 0,
    created: '2026-01-01T00:00:00Z',
    updated: '2026-01-01T00:00:00Z',
    bucket_id: bucketId,
    position: id * 65536,
    kanban_position: id * 65536,
    created_by: { id: 1, username: 'bench', name: '' },
  };
}
