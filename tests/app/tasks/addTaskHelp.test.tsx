// The add-task help ("?"): the syntax of the current prefix mode, opened by click/keys or a 500 ms hover.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddTask } from '../../../src/components/AddTask';
import { HELP_HOVER_DELAY_MS } from '../../../src/components/QuickAddHelp';
import { appStore } from '../../../src/state/store';
import { quickAddModeAtom } from '../../../src/state/taskSettings';
import { labelsLoadedAtom } from '../../../src/state/namespaces';
import { renderApp } from './fixtures';

vi.mock('../../../src/app/toast', () => ({ success: vi.fn(), error: vi.fn() }));

const helpButton = () => screen.getByRole('button', { name: 'Quick-add syntax help' });
const panel = () => document.getElementById(helpButton().getAttribute('aria-controls')!)!;

beforeEach(() => {
  appStore.set(labelsLoadedAtom, true);
  appStore.set(quickAddModeAtom, 'vikunja');
});
afterEach(() => vi.useRealTimers());

describe('quick-add help', () => {
  it('toggles with the keyboard and explains the default prefixes', async () => {
    const user = userEvent.setup();
    renderApp(<AddTask onAdd={vi.fn()} />);
    expect(helpButton()).toHaveAttribute('aria-expanded', 'false');
    expect(panel()).not.toBeVisible();
    helpButton().focus();
    await user.keyboard('{Enter}');
    expect(helpButton()).toHaveAttribute('aria-expanded', 'true');
    expect(panel()).toBeVisible();
    expect(panel()).toHaveTextContent('Labels: *errand');
    expect(panel()).toHaveTextContent('List: +Shopping');
    expect(panel()).toHaveTextContent('Priority: !1 (low) to !5');
    expect(panel()).toHaveTextContent('Assignees: @username');
    expect(panel()).toHaveTextContent('Due date: today, tonight, tomorrow');
    expect(panel()).toHaveTextContent('Repeats: every 2 weeks');
    await user.keyboard(' ');
    expect(helpButton()).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    await user.keyboard('{Escape}');
    expect(helpButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('uses the todoist prefixes in todoist mode', () => {
    appStore.set(quickAddModeAtom, 'todoist');
    renderApp(<AddTask onAdd={vi.fn()} />);
    fireEvent.click(helpButton());
    expect(panel()).toHaveTextContent('Labels: @errand');
    expect(panel()).toHaveTextContent('List: #Shopping');
    expect(panel()).toHaveTextContent('Assignees: +username');
  });

  it('says magic is off, without prefixes, when disabled', () => {
    appStore.set(quickAddModeAtom, 'disabled');
    renderApp(<AddTask onAdd={vi.fn()} />);
    fireEvent.click(helpButton());
    expect(panel()).toHaveTextContent('Quick-add magic is turned off');
    expect(panel()).not.toHaveTextContent('Labels');
  });

  it('opens after the pointer rests 500 ms and closes when it leaves', () => {
    vi.useFakeTimers();
    renderApp(<AddTask onAdd={vi.fn()} />);
    const wrap = helpButton().parentElement!;
    fireEvent.pointerEnter(wrap);
    act(() => vi.advanceTimersByTime(HELP_HOVER_DELAY_MS - 1));
    expect(helpButton()).toHaveAttribute('aria-expanded', 'false');
    act(() => vi.advanceTimersByTime(1));
    expect(helpButton()).toHaveAttribute('aria-expanded', 'true');
    fireEvent.pointerLeave(wrap);
    expect(helpButton()).toHaveAttribute('aria-expanded', 'false');
    // A short pass does not open it.
    fireEvent.pointerEnter(wrap);
    act(() => vi.advanceTimersByTime(200));
    fireEvent.pointerLeave(wrap);
    act(() => vi.advanceTimersByTime(HELP_HOVER_DELAY_MS));
    expect(helpButton()).toHaveAttribute('aria-expanded', 'false');
    expect(HELP_HOVER_DELAY_MS).toBe(500);
  });
});
