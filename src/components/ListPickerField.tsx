// Choosing one list by typing part of its name (or its namespace's): the shared picker over the lists in the store.
import { useMemo } from 'react';
import { useAtomValue } from 'jotai/react';
import { namespacesAtom } from '../state/namespaces';
import { PickerField } from './PickerField';

interface ListChoice {
  id: number;
  title: string;
  namespace: string;
}

export interface ListPickerFieldProps {
  label: string;
  /** 0 for none. */
  value: number;
  onChange: (listId: number) => void;
  /** When given, "none" is the first choice, with this text. */
  noneLabel?: string;
}

export function ListPickerField({ label, value, onChange, noneLabel }: ListPickerFieldProps) {
  const namespaces = useAtomValue(namespacesAtom);
  const choices = useMemo(() => {
    const out: ListChoice[] = noneLabel ? [{ id: 0, title: noneLabel, namespace: '' }] : [];
    for (const ns of namespaces) {
      // Pseudo namespaces (favourites, saved filters) repeat lists or hold no tasks of their own.
      if (ns.id <= 0 || ns.isArchived) continue;
      for (const l of ns.lists) if (!l.isArchived) out.push({ id: l.id, title: l.title, namespace: ns.title });
    }
    return out;
  }, [namespaces, noneLabel]);
  const current = choices.find((c) => c.id === value);
  // A saved list not loaded yet (or archived since) still shows, by number, rather than as "none".
  const shown = current?.title ?? (value > 0 ? `#${value}` : (noneLabel ?? label));
  return (
    <PickerField<ListChoice>
        label={label}
        buttonContent={shown}
        buttonLabel={`${label}: ${shown}`}
        items={choices}
        itemKey={(c) => c.id}
        itemText={(c) => [c.title, `${c.namespace} ${c.title}`]}
        renderItem={(c) => (
          <>
            {c.title} {c.namespace && <span className="muted">{c.namespace}</span>}
          </>
        )}
        selectedKeys={[value]}
        onPick={(c) => onChange(c.id)}
      />
  );
}
