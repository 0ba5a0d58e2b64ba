// The defer panel: presets move the due date, the save happens only on change, every second and on close.
import { describe, expect, it, vi, afterEach } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { DeferPanel, DEFER_CHECK_INTERVAL_MS } from '../../../src/components/DeferPanel';

afterEach(() => vi.useRealTimers());

const due = new Date(2026, 0, 10, 9, 0);

describe('DeferPanel', () => {
  it.each([
    ['1 day', 11],
    ['3 days', 13],
    ['1 week', 17],
  ])('%s moves the due date and saves on the next check', (label, day) => {
    vi.useFakeTimers();
    const onSave = vi.fn();
    render(<DeferPanel dueDate={due} onSave={onSave} onClose={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: label }));
    expect(onSave).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(DEFER_CHECK_INTERVAL_MS));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0][0]).toEqual(new Date(2026, 0, day, 9, 0));
  });

  it('without a due date the days count from today at the default time 09:00 (issue 31)', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 0, 10, 14, 37, 12, 345));
    const onSave = vi.fn();
    render(<DeferPanel dueDate={null} onSave={onSave} onClose={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: '3 days' }));
    act(() => vi.advanceTimersByTime(DEFER_CHECK_INTERVAL_MS));
    expect(onSave).toHaveBeenCalledWith(new Date(2026, 0, 13, 9, 0));
  });

  it('saves nothing when the date did not change', () => {
    vi.useFakeTimers();
    const onSave = vi.fn();
    const { unmount } = render(<DeferPanel dueDate={due} onSave={onSave} onClose={() => {}} />);
    act(() => vi.advanceTimersByTime(5 * DEFER_CHECK_INTERVAL_MS));
    unmount();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves a pending change when closed', () => {
    const onSave = vi.fn();
    const { unmount } = render(<DeferPanel dueDate={due} onSave={onSave} onClose={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: '3 days' }));
    unmount();
    expect(onSave).toHaveBeenCalledWith(new Date(2026, 0, 13, 9, 0));
  });

  it('has a 24-hour picker: hours 00–23 and minutes in steps of 5', () => {
    const onSave = vi.fn();
    render(<DeferPanel dueDate={due} onSave={onSave} onClose={() => {}} />);
    const hour = screen.getByRole('combobox', { name: 'Hour' });
    expect(hour.querySelectorAll('option')).toHaveLength(24);
    expect(hour.querySelectorAll('option')[23]).toHaveTextContent('23');
    const minute = screen.getByRole('combobox', { name: 'Minute' });
    expect(minute.querySelectorAll('option')).toHaveLength(12);
    fireEvent.change(hour, { target: { value: '17' } });
    fireEvent.change(screen.getByLabelText('Due date: date'), { target: { value: '2026-02-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
  });

  it('closes on Escape and on the done button', () => {
    const onClose = vi.fn();
    render(<DeferPanel dueDate={due} onSave={() => {}} onClose={onClose} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
