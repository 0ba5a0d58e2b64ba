// A modal that is a route: closing goes back in history, or to a fallback when the modal was opened directly.
import { useCallback, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Modal } from './Modal';
import { BackdropView } from './BackdropView';
import { lastPagePath } from '../state/backdrop';
import './organising.css';

/** Back when there is an in-app page to return to, else the fallback. */
export function useCloseRoute(fallback: string): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}

export interface RouteModalProps {
  title: string;
  fallback: string;
  children?: ReactNode;
  onSubmit?: () => void;
  submitLoading?: boolean;
  description?: string;
  /** Overrides the default close (e.g. after a save the caller navigates itself). */
  onClose?: () => void;
}

/**
 * The modal over the page it was opened from (the link's `backdrop` state, else the last page shown), or over its
 * fallback page when opened directly.
 */
export function RouteModal({ title, fallback, children, onSubmit, submitLoading, description, onClose }: RouteModalProps) {
  const close = useCloseRoute(fallback);
  const location = useLocation();
  const [behind] = useState(() => (location.state as { backdrop?: string } | null)?.backdrop ?? lastPagePath() ?? fallback);
  return (
    <>
      <BackdropView path={behind} />
      <Modal enabled title={title} onClose={onClose ?? close} onSubmit={onSubmit} submitLoading={submitLoading} description={description}>
        {children}
      </Modal>
    </>
  );
}
