// Loads the list a settings route is about (with the caller's right) from the :listId param.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { List } from '../../api/lists';
import * as actions from '../../actions';
import { error as toastError } from '../../app/toast';

export function useListParam(): { id: number; list: List | null } {
  const { listId } = useParams();
  const id = Number(listId);
  const [list, setList] = useState<List | null>(null);
  useEffect(() => {
    let live = true;
    actions.lists.load(id).then(
      (l) => live && setList(l),
      (err: unknown) => void toastError(err),
    );
    return () => {
      live = false;
    };
  }, [id]);
  return { id, list };
}
