// The namespace a settings route is about (from the :id or :namespaceId param): loaded fresh, then read from the store.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useAtomValue } from 'jotai/react';
import * as actions from '../../actions/namespaces';
import { namespaceAtomFamily, type NamespaceEntity } from '../../state/namespaces';

/** The namespace, null until this route's load has arrived (with the caller's right on it); edits made anywhere show. */
export function useNamespaceParam(): { id: number; namespace: NamespaceEntity | null } {
  const params = useParams();
  const id = Number(params.id ?? params.namespaceId);
  const [loadedId, setLoadedId] = useState<number | null>(null);
  const stored = useAtomValue(namespaceAtomFamily(id));
  useEffect(() => {
    let live = true;
    void actions.load(id).then((ns) => live && ns && setLoadedId(id));
    return () => {
      live = false;
    };
  }, [id]);
  return { id, namespace: loadedId === id ? (stored ?? null) : null };
}
