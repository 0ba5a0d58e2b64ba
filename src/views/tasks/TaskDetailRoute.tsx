// task.detail: the task as a modal over the view it was opened from (kept rendered behind), or as a page when opened directly.
import { lazy, Suspense, useMemo, type ComponentType } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import * as Dialog from '@radix-ui/react-dialog';
import { useT } from '../../i18n';
import { matchRoute, pathFor } from '../../routes';
import { useCloseRoute } from '../../components/RouteModal';
import { TaskDetail } from './TaskDetail';

type ParamsView = ComponentType<{ params?: Record<string, string> }>;

/** Views that can stay rendered behind the modal; they take their route params as a prop there. */
const BACKDROPS: Record<string, ParamsView> = {
  'list.list': lazy(() => import('../lists/ListView')),
  'list.kanban': lazy(() => import('../lists/KanbanView')),
  'list.table': lazy(() => import('../lists/TableView')),
  'tasks.range': lazy(() => import('./Upcoming')) as ParamsView,
  home: lazy(() => import('../home/Home')) as ParamsView,
};

export default function TaskDetailRoute() {
  const t = useT();
  const id = Number(useParams().id);
  const location = useLocation();
  const backdrop = (location.state as { backdrop?: string } | null)?.backdrop ?? null;
  const match = useMemo(() => (backdrop ? matchRoute(backdrop.split('?')[0]) : null), [backdrop]);
  const Backdrop = match ? BACKDROPS[match.name] : undefined;
  const close = useCloseRoute(backdrop ?? pathFor('home'));

  if (!Number.isFinite(id)) return null;
  if (backdrop && Backdrop && match) {
    return (
      <>
        <div className="task-backdrop-view" aria-hidden="true" inert>
          <Suspense fallback={null}>
            <Backdrop params={match.params} />
          </Suspense>
        </div>
        <Dialog.Root open onOpenChange={(open) => !open && close()}>
          <Dialog.Portal>
            <Dialog.Overlay className="modal-backdrop" />
            <Dialog.Content className="modal task-detail-modal" aria-describedby={undefined}>
              <div className="task-detail-modal-bar">
                <Dialog.Title className="visually-hidden">{t('task.detail.modalTitle')}</Dialog.Title>
                <Link to={pathFor('task.detail', { id })} className="link-button">
                  {t('task.detail.openPage')}
                </Link>
                <Dialog.Close className="icon-button" aria-label={t('misc.close')}>
                  <span aria-hidden="true">×</span>
                </Dialog.Close>
              </div>
              <TaskDetail taskId={id} onClose={close} />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </>
    );
  }
  return (
    <div className="task-detail-page">
      <TaskDetail taskId={id} />
    </div>
  );
}
