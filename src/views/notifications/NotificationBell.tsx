// The notifications bell: unread dot, polling every 10 s, and a popup that navigates by kind and marks read.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai/react';
import { notificationsAtom, pollNotifications, markRead, unreadCountAtom } from '../../state/notifications';
import { userAtom, displayName } from '../../state/session';
import { avatarAddress } from '../../app/addresses';
import type { AppNotification } from '../../api/notifications';
import { useRunCommand } from '../../app/useCommand';
import { error as toastError } from '../../app/toast';
import { useT } from '../../i18n';
import { formatDate, formatRelative } from '../../i18n/dateLocale';
import { notificationTarget, notificationText } from './notificationTarget';
import './notifications.css';

export default function NotificationBell({ poll = true }: { poll?: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const unread = useAtomValue(unreadCountAtom);
  const root = useRef<HTMLDivElement>(null);
  const bell = useRef<HTMLButtonElement>(null);

  useEffect(() => (poll ? pollNotifications() : undefined), [poll]);

  useEffect(() => {
    if (!open) return;
    // Closes on a click outside the bell and its popup, and on Escape.
    const onDown = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      // Keyboard users continue from the bell.
      bell.current?.focus();
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="notif" ref={root}>
      <button
        ref={bell}
        type="button"
        className="icon-button notif-bell"
        aria-label={unread > 0 ? t('notification.bellUnread', { count: unread }) : t('notification.title')}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpen((o) => !o)}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8" />
          <path d="M10.3 20a2 2 0 0 0 3.4 0" />
        </svg>
        {unread > 0 && <span className="notif-dot" data-testid="unread-dot" aria-hidden="true" />}
      </button>
      {open && <NotificationPopup onClose={() => setOpen(false)} />}
    </div>
  );
}

export function NotificationPopup({ onClose }: { onClose: () => void }) {
  const t = useT();
  const list = useAtomValue(notificationsAtom);
  const shown = list.filter((n) => n.name !== '');
  const unread = useAtomValue(unreadCountAtom);
  const run = useRunCommand();
  const popup = useRef<HTMLDivElement>(null);
  // Opening moves focus into the popup so the notifications are the next thing the keyboard reaches.
  useEffect(() => popup.current?.focus(), []);
  return (
    <div className="notif-popup" role="dialog" aria-label={t('notification.title')} ref={popup} tabIndex={-1}>
      <header className="notif-header">
        <h2 className="notif-title">{t('notification.title')}</h2>
        {unread > 0 && (
          <button type="button" className="link-button" onClick={() => void run('notifications.markAllRead')}>
            {t('notification.markAllRead')}
          </button>
        )}
      </header>
      {shown.length === 0 ? (
        <div className="notif-empty">
          <p className="notif-empty-title">{t('notification.none')}</p>
          <p className="muted">{t('notification.explainer')}</p>
        </div>
      ) : (
        <ul className="notif-list">
          {shown.map((n) => (
            <NotificationItem key={n.id} n={n} onClose={onClose} />
          ))}
        </ul>
      )}
    </div>
  );
}

function NotificationItem({ n, onClose }: { n: AppNotification; onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const self = useAtomValue(userAtom);
  const doer = n.notification.doer;
  const text = notificationText(n, self);
  const target = notificationTarget(n);
  const unread = n.readAt === null;

  async function open() {
    if (target) {
      navigate(target);
      onClose();
    }
    try {
      await markRead(n);
    } catch (err) {
      void toastError(err);
    }
  }

  return (
    <li className={`notif-item${unread ? ' is-unread' : ''}`}>
      <button type="button" className="notif-button" onClick={() => void open()}>
        <span className={`notif-read${unread ? ' is-unread' : ''}`} aria-label={unread ? t('notification.unread') : t('notification.read')} role="img" />
        {doer && <img className="notif-avatar" src={avatarAddress(doer.username, 16)} width={16} height={16} alt="" />}
        <span className="notif-body">
          {doer && <strong className="notif-doer">{displayName(doer)}</strong>} <span>{t(text.key, text.params)}</span>
          {n.created && (
            <time className="notif-time" dateTime={n.created.toISOString()} title={formatDate(n.created)}>
              {formatRelative(n.created)}
            </time>
          )}
        </span>
      </button>
    </li>
  );
}
