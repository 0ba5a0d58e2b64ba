// The saved-filter form's assignees: the shared user picker (partial names, Enter), kept as the usernames text the API reads.
import '../cmdkDom';
import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../tasks/fixtures';
import { EMPTY_FILTER_UI } from '../../../src/views/filters/filterForm';
import type { FilterFormValue } from '../../../src/views/filters/FilterForm';

vi.mock('../../../src/state/namespaces', async (orig) => ({ ...(await orig<typeof import('../../../src/state/namespaces')>()), loadLabels: vi.fn(async () => []) }));
vi.mock('../../../src/api/assignees', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/assignees')>()),
  searchUsers: vi.fn(async (q: string) => [{ id: 2, username: 'alice', name: 'Alice Martin' }, { id: 3, username: 'bob', name: '' }].filter((u) => `${u.name} ${u.username}`.toLowerCase().includes(q.toLowerCase()))),
}));
const { FilterForm } = await import('../../../src/views/filters/FilterForm');

function Harness({ onChange }: { onChange: (v: FilterFormValue) => void }) {
  const [value, setValue] = useState<FilterFormValue>({ title: 'Mine', description: '', ui: { ...EMPTY_FILTER_UI, assignees: 'bob' } });
  return (
    <FilterForm
      value={value}
      titleError={null}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

describe('saved filter assignees', () => {
  it('adds a user found by part of the name with Enter and removes one by its chip', async () => {
    const onChange = vi.fn();
    renderApp(<Harness onChange={onChange} />);
    expect(screen.queryByRole('textbox', { name: /Assignees/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Assignees' }));
    const input = screen.getByRole('combobox', { name: 'Assignees' });
    fireEvent.change(input, { target: { value: 'mart' } });
    await waitFor(() => expect(screen.getByRole('option', { name: /Alice Martin/ })).toHaveAttribute('aria-selected', 'true'));
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((onChange.mock.calls.at(-1)![0] as FilterFormValue).ui.assignees).toBe('bob, alice');
    fireEvent.click(screen.getByRole('button', { name: 'Remove bob from the filter' }));
    expect((onChange.mock.calls.at(-1)![0] as FilterFormValue).ui.assignees).toBe('alice');
  });
});
