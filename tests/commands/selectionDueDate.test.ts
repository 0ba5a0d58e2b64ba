// The palette's due date for selected tasks reads typed words with the one date reader (issue 31): the UI language, whole dates only.
import { afterAll, describe, expect, it } from 'vitest';
import { taskSelectionCommands } from '../../commands/taskSelection';
import { setLanguage } from '../../src/i18n';
import type { CommandContext } from '../../commands/registry';

const command = taskSelectionCommands.find((c) => c.id === 'selection.setDueDate')!;
const options = (query: string) => Promise.resolve(command.pick!.options({} as CommandContext, query));

describe('selection.setDueDate', () => {
  afterAll(() => setLanguage('en', false));

  it('offers a date typed in the UI language', async () => {
    await setLanguage('ru-RU', false);
    const [typed] = await options('завтра');
    expect(typed).toMatchObject({ id: 'завтра', fixed: true });
  });

  it('offers nothing for text that is only partly a date, as the date fields refuse it', async () => {
    await setLanguage('en', false);
    expect((await options('fri blah')).some((o) => o.fixed)).toBe(false);
    expect((await options('fri 5pm')).some((o) => o.fixed)).toBe(true);
  });
});
