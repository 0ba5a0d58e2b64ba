// Attachments follow the server: the task_attachments_enabled flag hides the section, the page drop and the f
// shortcut; files over the server's max file size (20MB by default) are refused before uploading, the rest go on.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { appStore } from '../../../src/state/store';
import { configAtom } from '../../../src/state/config';
import { openTaskIdAtom } from '../../../src/state/taskDetail';
import type { ServerInfo } from '../../../src/api/info';
import { taskCommands } from '../../../commands/tasks';
import type { CommandContext } from '../../../commands/registry';
import { makeTask, renderApp } from './fixtures';
import { setLanguage } from '../../../src/i18n';

vi.mock('../../../src/app/toast', () => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../src/api/tasks', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/tasks')>()),
  getTask: vi.fn(),
  updateTask: vi.fn(),
}));
vi.mock('../../../src/api/lists', async (orig) => ({ ...(await orig<typeof import('../../../src/api/lists')>()), getList: vi.fn() }));
vi.mock('../../../src/api/labels', async (orig) => ({ ...(await orig<typeof import('../../../src/api/labels')>()), getAllLabels: vi.fn(async () => []) }));
vi.mock('../../../src/api/attachments', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/attachments')>()),
  uploadAttachments: vi.fn(async () => ({ success: [], errors: [] })),
  downloadAttachment: vi.fn(async () => new Blob()),
}));
const tasksApi = vi.mocked(await import('../../../src/api/tasks'));
const listsApi = vi.mocked(await import('../../../src/api/lists'));
const attachmentsApi = vi.mocked(await import('../../../src/api/attachments'));
const { error: toastError } = vi.mocked(await import('../../../src/app/toast'));
const { TaskDetail } = await import('../../../src/views/tasks/TaskDetail');
const { Attachments } = await import('../../../src/views/tasks/detail/Attachments');

const config = (over: Partial<ServerInfo> = {}): ServerInfo => ({ version: 'v', taskAttachmentsEnabled: true, ...over });
const fileOf = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type: 'application/octet-stream' });

beforeEach(() => {
  vi.clearAllMocks();
  Element.prototype.scrollIntoView = vi.fn();
  tasksApi.getTask.mockResolvedValue(makeTask({ id: 5, title: 'Prune the apple tree', listId: 3, identifier: 'GAR-5' }));
  listsApi.getList.mockResolvedValue({ id: 3, title: 'Garden', maxRight: 1, isArchived: false, hexColor: '', isFavorite: false } as never);
});
afterEach(() => {
  appStore.set(configAtom, null);
  appStore.set(openTaskIdAtom, null);
});

async function openDetail() {
  const utils = renderApp(<TaskDetail taskId={5} />);
  await screen.findByText(/Garden ›/);
  return utils.container.querySelector('.task-detail') as HTMLElement;
}
const drop = (el: HTMLElement, files: File[]) => fireEvent.drop(el, { dataTransfer: { files, types: ['Files'] } });

describe('task_attachments_enabled', () => {
  it('on: the section shows and a file dropped on the page is uploaded', async () => {
    appStore.set(configAtom, config());
    const page = await openDetail();
    expect(screen.getByRole('heading', { name: 'Attachments' })).toBeInTheDocument();
    drop(page, [fileOf('notes.txt', 10)]);
    await waitFor(() => expect(attachmentsApi.uploadAttachments).toHaveBeenCalledTimes(1));
  });

  it('off: no section, and a dropped file is ignored', async () => {
    appStore.set(configAtom, config({ taskAttachmentsEnabled: false }));
    const page = await openDetail();
    expect(screen.queryByRole('heading', { name: 'Attachments' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload files' })).toBeNull();
    drop(page, [fileOf('notes.txt', 10)]);
    await new Promise((r) => setTimeout(r, 20));
    expect(attachmentsApi.uploadAttachments).not.toHaveBeenCalled();
  });

  it('the f shortcut applies only when attachments are on', () => {
    const attach = taskCommands.find((c) => c.id === 'task.attachment')!;
    const ctx: CommandContext = { navigate: () => {}, routeName: 'task.detail', signedIn: true, listId: null, taskId: 5 };
    appStore.set(configAtom, config());
    expect(attach.when!(ctx)).toBe(true);
    appStore.set(configAtom, config({ taskAttachmentsEnabled: false }));
    expect(attach.when!(ctx)).toBe(false);
    // Other task shortcuts do not depend on the flag.
    expect(taskCommands.find((c) => c.id === 'task.labels')!.when!(ctx)).toBe(true);
  });
});

describe('sizes of the attached files', () => {
  afterEach(() => setLanguage('en', false));

  it('are written with a decimal point in de-swiss and a decimal comma in de-DE', async () => {
    const attachment = { id: 1, taskId: 5, file: { id: 1, name: 'plan.pdf', size: 1.5 * 1024 * 1024 }, created: null, createdBy: null } as never;
    await setLanguage('de-swiss', false);
    renderApp(<Attachments taskId={5} attachments={[attachment]} coverId={0} readOnly={false} onCover={() => {}} />);
    expect(screen.getByText('1.5 MB')).toBeInTheDocument();
    await setLanguage('de-DE', false);
    // The list follows a language switch without being rendered again by its parent.
    expect(await screen.findByText('1,5 MB')).toBeInTheDocument();
  });
});

describe('max file size', () => {
  function renderAttachments() {
    renderApp(<Attachments taskId={5} attachments={[]} coverId={0} readOnly={false} onCover={() => {}} />);
    return screen.getByLabelText('Upload files', { selector: 'input' });
  }

  it("refuses a file over the server's limit with a message naming it, and uploads the others of the selection", async () => {
    appStore.set(configAtom, config({ maxFileSize: '1KB' }));
    const input = renderAttachments();
    const big = fileOf('holiday.mov', 2048);
    const small = fileOf('notes.txt', 100);
    fireEvent.change(input, { target: { files: [big, small] } });
    await waitFor(() => expect(attachmentsApi.uploadAttachments).toHaveBeenCalledTimes(1));
    expect(attachmentsApi.uploadAttachments.mock.calls[0][1]).toEqual([small]);
    expect(toastError).toHaveBeenCalledTimes(1);
    const message = (toastError.mock.calls[0][0] as Error).message;
    expect(message).toContain('holiday.mov');
    expect(message).toContain('1 kB');
  });

  it('defaults to 20MB when the server does not say', async () => {
    appStore.set(configAtom, config());
    const input = renderAttachments();
    fireEvent.change(input, { target: { files: [fileOf('ok.bin', 2048)] } });
    await waitFor(() => expect(attachmentsApi.uploadAttachments).toHaveBeenCalledTimes(1));
    const huge = { name: 'huge.iso', size: 20 * 1024 * 1024 + 1 } as File;
    fireEvent.change(input, { target: { files: [huge] } });
    await waitFor(() => expect(toastError).toHaveBeenCalledTimes(1));
    expect((toastError.mock.calls[0][0] as Error).message).toContain('20 MB');
    expect(attachmentsApi.uploadAttachments).toHaveBeenCalledTimes(1);
  });

  it('names the limit in the number format of the language (Swiss: 1.5 MB, German: 1,5 MB)', async () => {
    appStore.set(configAtom, config({ maxFileSize: '1.5MB' }));
    const input = renderAttachments();
    await setLanguage('de-swiss', false);
    fireEvent.change(input, { target: { files: [fileOf('a.bin', 2 * 1024 * 1024)] } });
    await setLanguage('de-DE', false);
    fireEvent.change(input, { target: { files: [fileOf('b.bin', 2 * 1024 * 1024)] } });
    await setLanguage('en', false);
    await waitFor(() => expect(toastError).toHaveBeenCalledTimes(2));
    expect((toastError.mock.calls[0][0] as Error).message).toContain('1.5 MB');
    expect((toastError.mock.calls[1][0] as Error).message).toContain('1,5 MB');
  });

  it('per-file server errors reach the toast as they came (ApiErrors), not rewrapped', async () => {
    appStore.set(configAtom, config());
    const { ApiError } = await import('../../../src/api/apiError');
    const perFile = new ApiError({ code: 4012, message: 'The task attachment is too large.', status: 200, fromServer: true });
    attachmentsApi.uploadAttachments.mockResolvedValueOnce({ success: [], errors: [perFile] });
    const input = renderAttachments();
    fireEvent.change(input, { target: { files: [fileOf('a.txt', 1)] } });
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(perFile));
  });
});
