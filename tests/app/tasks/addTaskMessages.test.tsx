// The add-task placeholder follows the prefix mode; add-task messages use the spec's keys (list.create.add*Required);
// the server error catalogue has every code of the spec.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { AddTask } from '../../../src/components/AddTask';
import { NoListError } from '../../../src/actions/quickAdd';
import { appStore } from '../../../src/state/store';
import { quickAddModeAtom } from '../../../src/state/taskSettings';
import { labelsLoadedAtom } from '../../../src/state/namespaces';
import { renderApp } from './fixtures';

vi.mock('../../../src/app/toast', () => ({ success: vi.fn(), error: vi.fn() }));

const input = () => screen.getByRole('combobox', { name: 'Add a task' }) as HTMLTextAreaElement;

beforeEach(() => {
  appStore.set(labelsLoadedAtom, true);
  appStore.set(quickAddModeAtom, 'vikunja');
});

describe('add-task placeholder', () => {
  it.each([
    ['vikunja', 'Add a task… e.g. Buy milk tomorrow at 17:00 *errand !3'],
    ['todoist', 'Add a task… e.g. Buy milk tomorrow at 17:00 @errand !3'],
    ['disabled', 'Add a task…'],
  ])('follows the %s mode', (mode, text) => {
    appStore.set(quickAddModeAtom, mode);
    renderApp(<AddTask onAdd={vi.fn()} />);
    expect(input()).toHaveAttribute('placeholder', text);
  });

  it('on a phone says what the box is for only: the example would not fit (the ? button explains the syntax)', () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
    try {
      renderApp(<AddTask onAdd={vi.fn()} />);
      expect(input()).toHaveAttribute('placeholder', 'Add a task…');
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});

type Messages = { [key: string]: string | Messages };
const load = (file: string) => JSON.parse(readFileSync(path.resolve('src/i18n/locales', file), 'utf8')) as Messages;
const get = (m: Messages, key: string) => key.split('.').reduce<string | Messages | undefined>((n, k) => (n && typeof n !== 'string' ? n[k] : undefined), m);

describe('add-task messages (spec keys)', () => {
  it('shows list.create.addTitleRequired and list.create.addListRequired', async () => {
    const en = load('en.json');
    renderApp(<AddTask onAdd={vi.fn().mockRejectedValue(new NoListError())} />);
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.getByRole('alert')).toHaveTextContent(get(en, 'list.create.addTitleRequired') as string);
    expect(get(en, 'list.create.addTitleRequired')).toBe('Please specify a title for the task.');
    fireEvent.change(input(), { target: { value: 'Orphan' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(await screen.findByRole('alert')).toHaveTextContent(get(en, 'list.create.addListRequired') as string);
  });

  it.each(['en', 'de-DE', 'fr-FR'])('%s has the spec keys and no longer the old ones', (locale) => {
    const m = load(`${locale}.json`);
    expect(get(m, 'list.create.addTitleRequired')).toEqual(expect.any(String));
    expect(get(m, 'list.create.addListRequired')).toEqual(expect.any(String));
    expect(get(m, 'task.add.titleRequired')).toBeUndefined();
    expect(get(m, 'task.add.listRequired')).toBeUndefined();
  });
});

describe('server error catalogue', () => {
  it.each(['en', 'de-DE', 'fr-FR'])('%s has 3005, 3006, 4006 and 4013', (locale) => {
    const m = load(`${locale}.errors.json`);
    for (const code of ['3005', '3006', '4006', '4013']) expect(get(m, `error.${code}`), code).toEqual(expect.any(String));
  });
});
