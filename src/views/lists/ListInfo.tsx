// list.info: the list's title and description.
import { RouteModal } from '../../components/RouteModal';
import { Loading } from '../../components/Loading';
import { usePageTitle } from '../../app/usePageTitle';
import { useT } from '../../i18n';
import { pathFor } from '../../routes';
import { useListParam } from './useListParam';

export default function ListInfo() {
  const t = useT();
  const { id, list } = useListParam();
  usePageTitle(list?.title ?? t('list.info.title'));
  return (
    <RouteModal title={list?.title ?? t('list.info.title')} fallback={pathFor('list.index', { listId: id })}>
      {!list ? <Loading /> : list.description.trim() === '' ? <p className="muted">{t('list.info.noDescription')}</p> : <p className="list-description">{list.description}</p>}
    </RouteModal>
  );
}
