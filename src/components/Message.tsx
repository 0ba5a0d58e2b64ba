// An inline message box (info, success, danger); danger is announced to screen readers at once.
import type { ReactNode } from 'react';

export function Message({ variant = 'info', children, id }: { variant?: 'info' | 'success' | 'danger' | 'warning'; children: ReactNode; id?: string }) {
  return (
    <div id={id} className={`message message-${variant}`} role={variant === 'danger' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
