// A modal dialog (Radix): emits close on cancel, close button, backdrop click or Escape, and submit on confirm.
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button } from './Button';
import { useT } from '../i18n';
import { escapeBelongsToPopup } from './popupEscape';
import './modal.css';

export interface ModalProps {
  enabled: boolean;
  title: string;
  children?: ReactNode;
  onClose: () => void;
  /** When given, cancel and confirm buttons are shown. */
  onSubmit?: () => void;
  submitLoading?: boolean;
  description?: string;
}

export function Modal({ enabled, title, children, onClose, onSubmit, submitLoading, description }: ModalProps) {
  const t = useT();
  return (
    <Dialog.Root open={enabled} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-backdrop" />
        <Dialog.Content
          className="modal"
          {...(description ? {} : { 'aria-describedby': undefined })}
          // Escape in a picker or calendar closes only that; the dialog and what was typed in it stay.
          onEscapeKeyDown={(e) => escapeBelongsToPopup(document.activeElement) && e.preventDefault()}
        >
          <header className="modal-header">
            <Dialog.Title className="modal-title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t('misc.close')}>
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </header>
          {description && <Dialog.Description className="modal-description">{description}</Dialog.Description>}
          <div className="modal-body">{children}</div>
          {onSubmit && (
            <footer className="modal-footer">
              <Button variant="tertiary" onClick={onClose}>
                {t('misc.cancel')}
              </Button>
              <Button variant="primary" onClick={onSubmit} loading={submitLoading}>
                {t('misc.doit')}
              </Button>
            </footer>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
