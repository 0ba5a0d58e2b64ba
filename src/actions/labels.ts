// Label actions: the one find-or-create every door uses (task detail, bulk command, quick-add).
import { createLabel, deleteLabel, normalizeLabel, updateLabel, type Label } from '../api/labels';
import { error as toastError, success } from '../app/toast';
import { appStore } from '../state/store';
import { labelsAtom, labelsLoadedAtom, loadLabels, removeLabelFromState, upsertLabel } from '../state/namespaces';

/** The label with this title (any case), created when there is none. Labels load first when they have not yet. */
export async function findOrCreate(title: string): Promise<Label> {
  if (!appStore.get(labelsLoadedAtom)) await loadLabels().catch(() => undefined);
  const lower = title.trim().toLocaleLowerCase();
  const known = appStore.get(labelsAtom).find((l) => l.title.toLocaleLowerCase() === lower);
  if (known) return known;
  return create(title.trim());
}

/** Creates a label and puts it in the store (quick-add has decided already that none matches); throws on failure. */
export async function create(title: string, fields: Partial<Label> = {}): Promise<Label> {
  const label = await createLabel({ ...fields, title });
  upsertLabel(label);
  return label;
}

/** Saves a changed label (title, description, colour); a merge with someone else's edit is told. Returns whether it was saved. */
export async function update(label: Label): Promise<boolean> {
  try {
    upsertLabel(await updateLabel(normalizeLabel(label), { onMerged: () => void success('label.conflictMerged') }));
    void success('label.edit.success');
    return true;
  } catch (err) {
    void toastError(err);
    return false;
  }
}

/** Deletes a label and drops it from the store; throws on failure. */
export async function remove(id: number): Promise<void> {
  await deleteLabel(id);
  removeLabelFromState(id);
}
