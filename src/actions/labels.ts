// Label actions: the one find-or-create every door uses (task detail, bulk command, quick-add).
import { normalizeLabel, type Label } from '../api/labels';
import { error as toastError, success } from '../app/toast';
import { appStore } from '../state/store';
import { labelAtomFamily, labelsAtom, labelsLoadedAtom, loadLabels, removeLabelFromState, upsertLabel } from '../state/namespaces';
import { userAtom } from '../state/session';
import { relabelTasks } from '../state/tasks';
import { onOutboxAck, onOutboxDiscard, submit } from '../outbox/current';

/** The label with this title (any case), created when there is none. Labels load first when they have not yet. */
export async function findOrCreate(title: string): Promise<Label> {
  if (!appStore.get(labelsLoadedAtom)) await loadLabels().catch(() => undefined);
  const lower = title.trim().toLocaleLowerCase();
  const known = appStore.get(labelsAtom).find((l) => l.title.toLocaleLowerCase() === lower);
  if (known) return known;
  return create(title.trim());
}

/**
 * Creates a label and puts it in the store (quick-add has decided already that none matches); throws on failure.
 * Without a network it is shown at once under a temporary (negative) id, which becomes the real one when the server
 * has it; tasks given it meanwhile carry it across.
 */
export async function create(title: string, fields: Partial<Label> = {}): Promise<Label> {
  const outcome = await submit({ kind: 'labelCreate', labelId: 0, fields: { ...fields, title } }, title);
  const label = outcome.sent ? (outcome.result as Label) : localLabel(outcome.write.labelId, { ...fields, title });
  upsertLabel(label);
  return label;
}

/** A label as the server would create it, made by the signed-in user. */
function localLabel(id: number, fields: Partial<Label>): Label {
  const user = appStore.get(userAtom);
  return normalizeLabel({ ...fields, id, ...(user ? { createdBy: user } : {}) }, 2);
}

// A label created offline (or in another tab) reached the server: its real id replaces the temporary one. A change
// sent later shows the server's copy (its new version).
onOutboxAck((write, result) => {
  if (write.kind === 'labelUpdate' && labelAtomFamily.peek(write.labelId)) upsertLabel(result as Label);
  if (write.kind !== 'labelCreate') return;
  const saved = result as Label;
  if (labelAtomFamily.peek(write.labelId)) {
    relabelTasks(write.labelId, saved);
    removeLabelFromState(write.labelId);
  }
  if (!labelAtomFamily.peek(saved.id)) upsertLabel(saved);
});

// Labels the person discarded: one created offline goes, and after a dropped edit or delete they load again.
onOutboxDiscard((dropped) => {
  let reload = false;
  for (const { write } of dropped) {
    if (write.kind === 'labelCreate') removeLabelFromState(write.labelId);
    else if (write.kind === 'labelUpdate' || write.kind === 'labelDelete') reload = true;
  }
  if (reload) void loadLabels().catch((err: unknown) => void toastError(err));
});

/**
 * Saves a changed label (title, description, colour) through the outbox; a merge with someone else's edit is told.
 * Returns whether it was saved, or waits to be sent (without a network: shown changed at once).
 */
export async function update(label: Label): Promise<boolean> {
  const next = normalizeLabel(label);
  try {
    const outcome = await submit({ kind: 'labelUpdate', labelId: next.id, label: next }, next.title);
    upsertLabel(outcome.sent ? (outcome.result as Label) : next);
    if (outcome.sent) void success('label.edit.success');
    return true;
  } catch (err) {
    void toastError(err);
    return false;
  }
}

/** Deletes a label and drops it from the store (without a network at once, the delete sent later); throws on failure. */
export async function remove(id: number): Promise<void> {
  await submit({ kind: 'labelDelete', labelId: id }, labelAtomFamily.peek(id)?.title ?? '');
  removeLabelFromState(id);
}
