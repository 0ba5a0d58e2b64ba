// The shared picker: fuzzy filtering, arrows and Enter, the create option, Escape, multi-select and what screen readers get.
import './cmdkDom';
import { describe, expect, it, vi, beforeAll } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Picker } from '../../src/components/Picker';
import { PickerField } from '../../src/components/PickerField';

beforeAll(() => {
  // jsdom has no layout: cmdk scrolls the active option into view.
  Element.prototype.scrollIntoView = vi.fn();
});

interface Label {
  id: number;
  title: string;
}
const LABELS: Label[] = [
  { id: 1, title: 'work' },
  { id: 2, title: 'family' },
  { id: 3, title: 'Familiar places' },
  { id: 4, title: 'urgent' },
];
const byTitle = (l: Label) => l.title;

function setup(over: Partial<React.ComponentProps<typeof Picker<Label>>> = {}) {
  const onPick = vi.fn();
  const onClose = vi.fn();
  render(<Picker<Label> label="Add a label" items={LABELS} itemKey={(l) => l.id} itemText={byTitle} onPick={onPick} onClose={onClose} autoFocus {...over} />);
  const input = screen.getByRole('combobox', { name: 'Add a label' });
  return { input, onPick, onClose };
}

const options = () => screen.getAllByRole('option').map((o) => o.textContent);
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const highlighted = () => screen.getAllByRole('option').find((o) => o.getAttribute('aria-selected') === 'true');

describe('Picker', () => {
  it('takes the focus when asked and lists every item for an empty query', () => {
    const { input } = setup();
    expect(document.activeElement).toBe(input);
    expect(options()).toEqual(['work', 'family', 'Familiar places', 'urgent']);
  });

  it('filters fuzzily as you type: partial, case-insensitive, best match first', () => {
    const { input } = setup();
    type(input, 'FAM');
    expect(options()).toEqual(['family', 'Familiar places']);
    type(input, 'urg');
    expect(options()).toEqual(['urgent']);
    type(input, 'zzz');
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(screen.getByText('Nothing matches.')).toBeInTheDocument();
  });

  it('highlights the best match, arrows move the highlight, Enter picks it and closes', () => {
    const { input, onPick, onClose } = setup();
    type(input, 'fam');
    expect(highlighted()).toHaveTextContent('family');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(highlighted()).toHaveTextContent('Familiar places');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith(LABELS[2]);
    expect(onClose).toHaveBeenCalledWith('picked');
  });

  it('offers creating something new only as the last option, and only when nothing is named exactly that', () => {
    const create = { label: (s: string) => `Create label “${s}”`, run: vi.fn() };
    const { input, onPick } = setup({ create });
    type(input, 'fam');
    expect(options()).toEqual(['family', 'Familiar places', 'Create label “fam”']);
    // Enter takes the existing label, not the new one.
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith(LABELS[1]);
    expect(create.run).not.toHaveBeenCalled();

    type(input, 'Family');
    expect(options()).not.toContain('Create label “Family”');
    type(input, 'garden');
    expect(options()).toEqual(['Create label “garden”']);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(create.run).toHaveBeenCalledWith('garden');
  });

  it('Escape closes as a cancel and does not reach the page behind', () => {
    const behind = vi.fn();
    window.addEventListener('keydown', behind);
    const { input, onPick, onClose } = setup();
    fireEvent.keyDown(input, { key: 'Escape' });
    window.removeEventListener('keydown', behind);
    expect(onClose).toHaveBeenCalledWith('cancel');
    expect(onPick).not.toHaveBeenCalled();
    expect(behind).not.toHaveBeenCalled();
  });

  it('gives screen readers the combobox pattern: expanded, controls the listbox, active option by id', async () => {
    const { input } = setup();
    type(input, 'fam');
    const listbox = screen.getByRole('listbox', { name: 'Add a label' });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    // cmdk sets the active descendant in its own scheduled step after the render.
    await waitFor(() => expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'family' }).id));
    expect(input).toHaveAccessibleDescription(/Enter to pick/);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    await waitFor(() => expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Familiar places' }).id));
  });

  it('matches any of several texts (name or username)', () => {
    const users = [
      { id: 1, name: 'Alice Martin', username: 'amartin' },
      { id: 2, name: 'Bob', username: 'bob' },
    ];
    render(<Picker label="Assign a user" items={users} itemKey={(u) => u.id} itemText={(u) => [u.name, u.username]} renderItem={(u) => u.name} onPick={() => {}} />);
    type(screen.getByRole('combobox', { name: 'Assign a user' }), 'ali');
    expect(options()).toEqual(['Alice Martin']);
    type(screen.getByRole('combobox', { name: 'Assign a user' }), 'amar');
    expect(options()).toEqual(['Alice Martin']);
  });

  it('adds what the server finds to the local items (debounced) and ranks them together', async () => {
    const search = vi.fn(async () => [{ id: 9, title: 'faraway' }]);
    const { input } = setup({ search });
    type(input, 'fa');
    await waitFor(() => expect(options()).toEqual(['family', 'faraway', 'Familiar places']));
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('fa');
  });

  describe('multiple', () => {
    function Multi({ onRemove }: { onRemove: (l: Label) => void }) {
      const [chosen, setChosen] = useState<number[]>([1]);
      return (
        <Picker<Label>
          label="Labels"
          items={LABELS}
          itemKey={(l) => l.id}
          itemText={byTitle}
          multiple
          selectedKeys={chosen}
          onPick={(l) => setChosen((c) => [...c, l.id])}
          onRemove={(l) => (onRemove(l), setChosen((c) => c.filter((x) => x !== l.id)))}
          autoFocus
        />
      );
    }

    it('marks chosen options checked; Shift+Enter adds and stays open, picking a chosen one removes it', () => {
      const onRemove = vi.fn();
      render(<Multi onRemove={onRemove} />);
      const input = screen.getByRole('combobox', { name: 'Labels' });
      expect(screen.getByRole('option', { name: /work/ })).toHaveAttribute('aria-checked', 'true');
      expect(screen.getByRole('option', { name: /urgent/ })).toHaveAttribute('aria-checked', 'false');
      type(input, 'urg');
      fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
      expect(input).toHaveValue('');
      expect(screen.getByRole('option', { name: /urgent/ })).toHaveAttribute('aria-checked', 'true');
      type(input, 'work');
      fireEvent.keyDown(input, { key: 'Enter' });
      expect(onRemove).toHaveBeenCalledWith(LABELS[0]);
    });
  });
});

describe('PickerField', () => {
  it('opens from its button with the focus in the input and gives the focus back on Escape', async () => {
    render(<PickerField<Label> label="Move to list" buttonContent="Garden" items={LABELS} itemKey={(l) => l.id} itemText={byTitle} onPick={() => {}} />);
    const button = screen.getByRole('button', { name: 'Garden' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    act(() => button.click());
    const input = screen.getByRole('combobox', { name: 'Move to list' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(document.activeElement).toBe(input);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('picks with Enter, closes and gives the focus back to its button', () => {
    const onPick = vi.fn();
    render(<PickerField<Label> label="Move to list" buttonContent="Garden" items={LABELS} itemKey={(l) => l.id} itemText={byTitle} onPick={onPick} />);
    const button = screen.getByRole('button', { name: 'Garden' });
    act(() => button.click());
    const input = screen.getByRole('combobox', { name: 'Move to list' });
    type(input, 'urg');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith(LABELS[3]);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
