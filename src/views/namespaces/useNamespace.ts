// Loads the namespace a settings route is about (from the :id or :namespaceId param).
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { getNamespace, type Namespace } from '../../api/namespaces';
import { error as toastError } from '../../app/toast';

export function useNamespaceParam(): { id: number; namespace: Namespace | null; setNamespace: (n: Namespace) => void } {
  const params = useParams();
  const id = Number(params.id ?? params.namespaceId);
  const [namespace, setNamespace] = useState<Namespace | null>(null);
  useEffect(() => {
    let live = true;
    getNamespace(id).then(
      (n) => live && setNamespace(n),
      (err: unknown) => void toastError(err),
    );
    return () => {
      live = false;
    };
  }, [id]);
  return { id, namespace, setNamespace };
}
