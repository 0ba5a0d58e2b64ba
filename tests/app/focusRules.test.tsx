// Focus rules: `n` puts the focus in the add-task box, Escape leaves a field for where the focus was (never the body).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai/react';
import { appStore } from '../../src/state/store';
import { createRegistry, type CommandContext, type Registry } from '../../commands/registry';
import { bindKeymap } from '../../commands/keymap';
import { focusCommands } from '../../commands/focus';
import { trackFocusOrigin } from '../../src/app/focusReturn';
import { openTaskIdAtom } from '../../src/state/taskDetail';
import { AddTask } from '../../src/components/AddTask';

vi.mock('../../src/state/namespaces', async (orig) => ({ ...(await orig<typeof import('../../src/state/namespaces')>()), loadLabels: vi.fn(async () => []) }));

let registry: Registry;
let unbind: () => void;
const press = (key: string) => act(() => void (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })));

beforeEach(() => {
  trackFocusOrigin();
  registry = createRegistry();
  registry.registerAll(focusCommands);
  const ctx = (): CommandContext => ({ navigate: vi.fn(), routeName: 'list.list', signedIn: true, listId: 1 });
  unbind = bindKeymap(window, registry, ctx);
  appStore.set(openTaskIdAtom, null);
});
afterEach(() => unbind());

function page() {
  return render(
    <Provider store={appStore}>
      <main id="main" tabIndex={-1}>
        <button type="button">Filters</button>
        <AddTask onAdd={async () => []} />
      </main>
    </Provider>,
  );
}

describe('focus rules', () => {
  it('the add-task box does not take the focus by itself', () => {
    page();
    expect(document.activeElement).not.toBe(screen.getByRole('combobox', { name: /add a task/i }));
  });

  it('n focuses the add-task box; Escape goes back to where the focus was', () => {
    page();
    const filters = screen.getByRole('button', { name: 'Filters' });
    act(() => filters.focus());
    press('n');
    const box = screen.getByRole('combobox', { name: /add a task/i });
    expect(document.activeElement).toBe(box);
    fireEvent.change(box, { target: { value: 'Buy milk' } });
    press('Escape');
    expect(document.activeElement).toBe(filters);
    // The typed text stays for later.
    expect(box).toHaveValue('Buy milk');
  });

  it('typing n in the box is text, not the command', () => {
    page();
    press('n');
    const box = screen.getByRole('combobox', { name: /add a task/i });
    act(() => box.focus());
    press('n');
    expect(document.activeElement).toBe(box);
  });

  it('Escape from a field with nowhere to go back to lands on the main region, not the body', () => {
    page();
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    const filters = screen.getByRole('button', { name: 'Filters' });
    act(() => filters.focus());
    press('n');
    filters.remove();
    press('Escape');
    expect(document.activeElement).toBe(document.getElementById('main'));
  });

  it('n does nothing while a task is open (its letters belong to the task)', () => {
    page();
    appStore.set(openTaskIdAtom, 5);
    press('n');
    expect(document.activeElement).not.toBe(screen.getByRole('combobox', { name: /add a task/i }));
  });
});
