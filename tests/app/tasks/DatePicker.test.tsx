// The date picker (issue #23): typed days in the user's words, a calendar that starts the week on the user's day, and the keyboard in it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai/react';
import { useState } from 'react';
import { appStore } from '../../../src/state/store';
import { userAtom } from '../../../src/state/session';
import { DatePicker, readTypedDay } from '../../../src/components/DatePicker';
import { DayField } from '../../../src/components/DayField';
import { setLanguage } from '../../../src/i18n';

const value = new Date(2026, 0, 14, 9, 30); // Wednesday 14 January 2026, 09:30

function Harness({
  initial = value,
  onChange,
  clearable,
  label = 'Due date',
}: {
  initial?: Date | null;
  onChange: (d: Date | null) => void;
  clearable?: boolean;
  label?: string;
}) {
  const [v, setV] = useState<Date | null>(initial);
  return (
    <Provider store={appStore}>
      <DatePicker
        label={label}
        value={v}
        clearable={clearable}
        onChange={(d) => {
          setV(d);
          onChange(d);
        }}
      />
    </Provider>
  );
}

const setWeekStart = (weekStart: number) => appStore.set(userAtom, { id: 1, username: 'ada', settings: { weekStart } } as never);

async function openCalendar() {
  fireEvent.click(screen.getByRole('button', { name: 'Due date: choose in a calendar' }));
  const dialog = screen.getByRole('dialog', { name: 'Due date: calendar' });
  await within(dialog).findByRole('grid', {}, { timeout: 5000 });
  return dialog;
}

beforeEach(() => setWeekStart(0));
afterEach(() => appStore.set(userAtom, null));

describe('readTypedDay', () => {
  const now = new Date(2022, 1, 17, 14, 30);
  it.each<[string, string, [number, number, number]]>([
    ['en', '2026-12-15', [2026, 11, 15]],
    ['en', '12/15/2026', [2026, 11, 15]],
    ['en', 'tomorrow', [2022, 1, 18]],
    ['en', 'dec 15', [2022, 11, 15]],
    ['de-DE', '15.12.2026', [2026, 11, 15]],
    ['de-DE', '15. Dezember', [2022, 11, 15]],
    ['de-DE', 'morgen', [2022, 1, 18]],
    ['fr-FR', '15/12/2026', [2026, 11, 15]],
    ['fr-FR', 'le 15 décembre', [2022, 11, 15]],
    ['ru-RU', '15 декабря 2026', [2026, 11, 15]],
  ])('%s reads "%s"', (language, text, [y, m, d]) => {
    expect(readTypedDay(text, now, language)).toEqual(new Date(y, m, d));
  });
  it.each(['', 'soon', 'buy milk tomorrow', '2026-13-40'])('"%s" is no date', (text) => {
    expect(readTypedDay(text, now, 'en')).toBeNull();
  });
});

describe('DatePicker', () => {
  it('a typed day keeps the time and is read on Enter', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: 'Due date: date' });
    expect(field).toHaveValue('2026-01-14');
    fireEvent.change(field, { target: { value: '2026-02-01' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith(new Date(2026, 1, 1, 9, 30));
    expect(field).toHaveValue('2026-02-01');
  });

  it('a day picked or typed for an empty date gets the default time 09:00, as a day named in words (issue 31)', async () => {
    const onChange = vi.fn();
    const { unmount } = render(<Harness initial={null} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Due date: choose in a calendar' }));
    const dialog = screen.getByRole('dialog', { name: 'Due date: calendar' });
    const days = await within(dialog).findAllByRole('button', { name: /^\w+day,? \d+ \w+ \d{4}/ }, { timeout: 5000 });
    fireEvent.click(days[10]);
    const picked = onChange.mock.calls.at(-1)![0] as Date;
    expect([picked.getHours(), picked.getMinutes(), picked.getSeconds(), picked.getMilliseconds()]).toEqual([9, 0, 0, 0]);
    unmount();
    onChange.mockClear();
    render(<Harness initial={null} onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: 'Due date: date' });
    fireEvent.change(field, { target: { value: '2026-02-01' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith(new Date(2026, 1, 1, 9, 0));
  });

  it('a mistake stays in the field with a message, and nothing is saved', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: 'Due date: date' });
    fireEvent.change(field, { target: { value: 'someday' } });
    fireEvent.blur(field);
    expect(onChange).not.toHaveBeenCalled();
    expect(field).toHaveValue('someday');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('“someday” is not a date');
    // Escape undoes the typing.
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(field).toHaveValue('2026-01-14');
  });

  it('an emptied field clears the date when clearable, and says it cannot when not', () => {
    const onChange = vi.fn();
    const { unmount } = render(<Harness onChange={onChange} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Due date: date' }), { target: { value: '' } });
    fireEvent.blur(screen.getByRole('textbox', { name: 'Due date: date' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    unmount();
    onChange.mockClear();
    render(<Harness onChange={onChange} clearable={false} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Due date: date' }), { target: { value: ' ' } });
    fireEvent.blur(screen.getByRole('textbox', { name: 'Due date: date' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('cannot be empty');
  });

  it.each([
    [0, 'Sunday'],
    [1, 'Monday'],
  ])('the calendar starts the week on the user setting %i (%s)', async (weekStart, first) => {
    setWeekStart(weekStart);
    render(<Harness onChange={() => {}} />);
    const dialog = await openCalendar();
    // The weekday row is hidden from screen readers (each day button says its weekday), so it is read as markup.
    const headers = [...dialog.querySelectorAll('th')];
    expect(headers[0]).toHaveAttribute('aria-label', first);
    expect(headers).toHaveLength(7);
  });

  it('names days and months in the user language', async () => {
    await act(() => setLanguage('de-DE', false));
    try {
      setWeekStart(1);
      render(<Harness onChange={() => {}} label="Fälligkeitsdatum" />);
      fireEvent.click(screen.getByRole('button', { name: 'Fälligkeitsdatum: im Kalender wählen' }));
      const dialog = screen.getByRole('dialog', { name: 'Fälligkeitsdatum: Kalender' });
      await within(dialog).findByRole('grid', { name: 'Januar 2026' }, { timeout: 5000 });
      // The weekday row follows the language's date-fns locale, which arrives as a chunk of its own.
      await waitFor(() => expect(dialog.querySelector('th')).toHaveAttribute('aria-label', 'Montag'));
      expect(within(dialog).getByRole('button', { name: 'Mittwoch, 14. Januar 2026, ausgewählt' })).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Nächster Monat' })).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en', false));
    }
  });

  it('keyboard: focus starts on the picked day, arrows move, PageDown changes month, Enter picks and focus returns', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const dialog = await openCalendar();
    const day = (name: string) => within(dialog).getByRole('button', { name });
    await waitFor(() => expect(day('Wednesday, 14 January 2026, selected')).toHaveFocus());
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    await waitFor(() => expect(day('Thursday, 15 January 2026')).toHaveFocus());
    fireEvent.keyDown(document.activeElement!, { key: 'PageDown' });
    await within(dialog).findByRole('grid', { name: 'February 2026' });
    await waitFor(() => expect(day('Sunday, 15 February 2026')).toHaveFocus());
    fireEvent.click(document.activeElement!);
    expect(onChange).toHaveBeenLastCalledWith(new Date(2026, 1, 15, 9, 30));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Due date: choose in a calendar' })).toHaveFocus());
  });

  it('Escape closes the calendar, returns focus, and goes no further', async () => {
    const outer = vi.fn();
    render(
      <div onKeyDown={outer}>
        <Harness onChange={() => {}} />
      </div>,
    );
    const dialog = await openCalendar();
    fireEvent.keyDown(within(dialog).getAllByRole('button')[0], { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(outer).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Due date: choose in a calendar' })).toHaveFocus());
  });
});

describe('DayField (date-only ranges: filters, the Gantt chart)', () => {
  it('gives yyyy-mm-dd for a typed or picked day and "" when emptied', async () => {
    const onChange = vi.fn();
    function Field() {
      const [v, setV] = useState('2026-01-14');
      return (
        <Provider store={appStore}>
          <DayField label="From" inputLabel="From" value={v} onChange={(next) => (setV(next), onChange(next))} />
        </Provider>
      );
    }
    render(<Field />);
    const field = screen.getByRole('textbox', { name: 'From' });
    fireEvent.change(field, { target: { value: '3/4/2026' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith('2026-03-04');
    fireEvent.click(screen.getByRole('button', { name: 'From: choose in a calendar' }));
    const dialog = screen.getByRole('dialog', { name: 'From: calendar' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Friday, 20 March 2026' }, { timeout: 5000 }));
    expect(onChange).toHaveBeenLastCalledWith('2026-03-20');
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.blur(field);
    expect(onChange).toHaveBeenLastCalledWith('');
  });
});
