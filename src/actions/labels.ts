// Label actions: the one find-or-create every door uses (task detail, bulk command, quick-add).
import { createLabel, type Label } from '../api/labels';
import { appStore } from '../state/store';
import { labelsAtom, labelsLoadedAtom, loadLabels, upsertLabel } from '../state/namespaces';

/** The label with this title (any case), created when there is none. Labels load first when they have not yet. */
export async function findOrCreate(title: string): Promise<Label> {
  if (!appStore.get(labelsLoadedAtom)) await loadLabels().catch(() => undefined);
  const lower = title.trim().toLocaleLowerCase();
  const known = appStore.get(labelsAtom).find((l) => l.title.toLocaleLowerCase() === lower);
  if (known) return known;
  return create(title.trim());
}

/** Creates a label and puts it in the store (quick-add has decided already that none matches). */
export async function create(title: string): Promise<Label> {
  const label = await createLabel({ title });
  upsertLabel(label);
  return label;
}
