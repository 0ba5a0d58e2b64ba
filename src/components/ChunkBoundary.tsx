// Around a part whose code loads lazily and that the screen can do without for a while (the list's drag and drop):
// when its chunk cannot load (offline, on a page no service worker serves yet) the part is left out rather than the
// screen replaced by the error screen, and the owner is told so it can try again later.
import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  onError: () => void;
}

export class ChunkBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(): void {
    this.props.onError();
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
