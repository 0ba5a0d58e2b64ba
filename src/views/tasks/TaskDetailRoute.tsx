// task.detail: the task as a modal over the view it was opened from (kept rendered behind), or as a page when opened directly.
import { Link, useLocation, useParams } from 'react-router-dom';
import * as Dialog from '@radix-ui/react-dialog';
import { useT } from '../../i18n';
import { pathFor } from '../../routes';
import { useCloseRoute } from '../../components/RouteModal';
import { BackdropView, backdropFor } from '../../components/BackdropView';
import { TaskDetail } from './TaskDetail';
import { isEditableTarget } from '../../../commands/keymapTargets';
import { returnToRow } from '../../state/selection';
import { escapeBelongsToPopup } from '../../components/popupEscape';

export default function TaskDetailRoute() {
  const t = useT();
  const id = Number(useParams().id);
  const location = useLocation();
  const backdrop = (location.state as { backdrop?: string } | null)?.backdrop ?? null;
  const close = useCloseRoute(backdrop ?? pathFor('home'));

  if (!Number.isFinite(id)) return null;
  if (backdrop && backdropFor(backdrop)) {
    return (
      <>
        <BackdropView path={backdrop} />
        <Dialog.Root
          open
          onOpenChange={(open) => {
            if (open) return;
            // The view behind comes back with this task's row, card or bar focused, so the keys go on from there.
            returnToRow(id);
            close();
          }}
        >
          <Dialog.Portal>
            <Dialog.Overlay className="modal-backdrop" />
            <Dialog.Content
              className="modal task-detail-modal"
              aria-describedby={undefined}
              // The view behind comes back as a new one, which focuses the task's row, card or bar itself: the element
              // that opened the task is gone, so Radix would drop the focus on the page body after it.
              onCloseAutoFocus={(e) => e.preventDefault()}
              onEscapeKeyDown={(e) => {
                // Escape in a field or an open picker leaves that field (its own handler puts the focus back in the
                // task); only Escape on the task itself closes it.
                const el = document.activeElement;
                if (isEditableTarget(el) || escapeBelongsToPopup(el)) e.preventDefault();
                // This Escape closes the task and is spent: the list behind, back under the keys before the keymap
                // sees the press, would otherwise take it as its own Escape and drop the row it has just focused.
                else e.stopPropagation();
              }}
            >
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
