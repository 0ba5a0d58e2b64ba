// The palette always highlights a row that is shown, so Enter runs what the user sees, even when rows come and go
// between keystrokes (a command hidden once tasks are selected, server results arriving).
import '../cmdkDom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import CommandPalette from '../../../src/app/palette/CommandPalette';
import { registry } from '../../../commands/registry';
import { appStore } from '../../../src/state/store';
import { paletteOpenAtom } from '../../../src/state/ui';
import { EMPTY_SELECTION, listSelectionAtom } from '../../../src/state/selection';
import { renderRoute } from '../render';

describe('palette highlight', () => {
  let undo: () => void = () => undefined;
  const ran = vi.fn();
  beforeEach(() => {
    undo = registry.registerAll([
      { id: 'test.zebraAlpha', section: 'general', title: 'Zebra alpha', run: () => ran('alpha') },
      // Shown only while no task is selected: it leaves the list while the user looks at it.
      { id: 'test.zebraBeta', section: 'general', title: 'Zebra beta', visible: (ctx) => (ctx.selectedTaskIds ?? []).length === 0, run: () => ran('beta') },
    ]);
  });
  afterEach(() => {
    undo();
    act(() => {
      appStore.set(paletteOpenAtom, false);
      appStore.set(listSelectionAtom, EMPTY_SELECTION);
    });
    ran.mockReset();
  });

  it('moves the highlight to the first row when the highlighted row goes away, and Enter runs it', async () => {
    act(() => appStore.set(paletteOpenAtom, true));
    renderRoute(CommandPalette, '/');
    const input = await screen.findByRole('combobox');
    fireEvent.change(input, { target: { value: 'zebra' } });
    await screen.findByRole('option', { name: /Zebra beta/ });
    const selected = () => screen.queryAllByRole('option').filter((o) => o.getAttribute('aria-selected') === 'true');
    // Highlight "Zebra beta" with the arrows, whichever place it ranks.
    for (let i = 0; i < 5 && !selected()[0]?.textContent?.includes('Zebra beta'); i += 1) fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(selected()[0]).toHaveTextContent('Zebra beta');

    act(() => appStore.set(listSelectionAtom, { ...EMPTY_SELECTION, selectedIds: [7] }));
    await waitFor(() => expect(screen.queryByRole('option', { name: /Zebra beta/ })).toBeNull());
    await waitFor(() => expect(selected()).toHaveLength(1));
    expect(selected()[0]).toBe(screen.getAllByRole('option')[0]);

    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(ran).toHaveBeenCalledTimes(1));
  });
});
