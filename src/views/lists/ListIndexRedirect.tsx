// list.index: sends the visitor to the view last used for this list (list.list by default).
import { Navigate, useParams } from 'react-router-dom';
import { pathFor } from '../../routes';
import { savedListView } from '../../state/listView';

export default function ListIndexRedirect() {
  const { listId = '' } = useParams();
  const id = Number(listId);
  if (!Number.isFinite(id)) return <Navigate to="/" replace />;
  return <Navigate to={pathFor(savedListView(id), { listId: id })} replace />;
}
