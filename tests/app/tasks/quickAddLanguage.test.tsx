// Quick-add in the user's language (issue #23): the add-task box reads the current language's date words, the help shows its examples, "every weekday" gets a hint.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { AddTask } from '../../../src/components/AddTask';
import { setLanguage } from '../../../src/i18n';
import { appStore } from '../../../src/state/store';
import { quickAddModeAtom } from '../../../src/state/taskSettings';
import { labelsLoadedAtom } from '../../../src/state/namespaces';
import { parsePaletteQuery } from '../../../src/app/palette/query';
import { parseLine } from '../../../src/actions/quickAdd';
import { renderApp } from './fixtures';

vi.mock('../../../src/app/toast', () => ({ success: vi.fn(), error: vi.fn() }));

const input = () => screen.getByRole('combobox') as HTMLTextAreaElement;
const marks = () => [...document.querySelectorAll('.add-task-backdrop mark')].map((m) => m.textContent);
const helpPanel = () => {
  const button = document.querySelector('.add-task-help-button') as HTMLButtonElement;
  fireEvent.click(button);
  return document.getElementById(button.getAttribute('aria-controls')!)!;
};

beforeEach(() => {
  appStore.set(labelsLoadedAtom, true);
  appStore.set(quickAddModeAtom, 'vikunja');
});
afterEach(async () => {
  await act(() => setLanguage('en', false));
});

describe('quick-add follows the interface language', () => {
  it('English: English words only, and the help says how to keep text literal', () => {
    renderApp(<AddTask onAdd={vi.fn()} />);
    fireEvent.change(input(), { target: { value: 'Milch kaufen morgen tomorrow' } });
    expect(marks()).toEqual(['tomorrow']);
    const panel = helpPanel();
    expect(panel).toHaveTextContent('Text in quotes ("Tomorrow and Tomorrow") and a word after a backslash (\\tomorrow) stay in the title as typed');
    expect(panel).not.toHaveTextContent('In your language too');
  });

  it('German: "morgen um 17 Uhr" is a date, and the help shows German examples', async () => {
    await act(() => setLanguage('de-DE', false));
    renderApp(<AddTask onAdd={vi.fn()} />);
    fireEvent.change(input(), { target: { value: 'Milch kaufen morgen um 17 Uhr' } });
    expect(marks()).toEqual(['morgen um 17 Uhr']);
    const panel = helpPanel();
    expect(panel).toHaveTextContent('Auch auf Deutsch: morgen um 17 Uhr, heute Abend, bis Freitag, übermorgen, nächsten Montag, in 3 Tagen');
    expect(panel).toHaveTextContent('Backslash (\\morgen)');
  });

  it('switching language needs no reload: the box re-reads its text', async () => {
    renderApp(<AddTask onAdd={vi.fn()} />);
    fireEvent.change(input(), { target: { value: 'Acheter du lait demain à 17h' } });
    expect(marks()).toEqual([]);
    await act(() => setLanguage('fr-FR', false));
    expect(marks()).toEqual(['demain à 17h']);
  });

  it('a language without a translation yet still gets its examples (message in English)', async () => {
    await act(() => setLanguage('ru-RU', false));
    renderApp(<AddTask onAdd={vi.fn()} />);
    fireEvent.change(input(), { target: { value: 'Купить молоко завтра в 17:00' } });
    expect(marks()).toEqual(['завтра в 17:00']);
    expect(helpPanel()).toHaveTextContent('завтра в 17:00, сегодня вечером, до пятницы, послезавтра, в следующий понедельник');
  });

  it('"every weekday" stays in the title with a hint tied to the field', () => {
    renderApp(<AddTask onAdd={vi.fn()} />);
    fireEvent.change(input(), { target: { value: 'Check mail every weekday' } });
    expect(marks()).toEqual([]);
    const hint = screen.getByRole('status');
    expect(hint).toHaveTextContent('“every weekday” stays in the title');
    expect(input().getAttribute('aria-describedby')).toContain(hint.id);
    fireEvent.change(input(), { target: { value: 'Check mail every day' } });
    expect(screen.queryByRole('status')).toBeNull();
    expect(input()).not.toHaveAttribute('aria-describedby');
  });

  it('the palette query and task creation take the locale too', () => {
    const now = new Date(2022, 1, 17, 14, 30);
    expect(parsePaletteQuery('Lait demain', 'vikunja', now, 'fr-FR').date?.getDate()).toBe(18);
    expect(parsePaletteQuery('Lait demain', 'vikunja', now).date).toBeNull();
    expect(parseLine('Lorem 06/08/2026', 'vikunja', now, [], 'de-DE').date?.getMonth()).toBe(7);
    expect(parseLine('Lorem 06/08/2026', 'vikunja', now).date?.getMonth()).toBe(5);
  });
});
