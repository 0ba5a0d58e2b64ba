// Popovers close from outside: a press outside their elements (and the focus leaving them, when asked) calls back.
import { describe, expect, it, vi } from 'vitest';
import { useRef } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { useOutsidePress } from '../../src/components/useOutsidePress';

function Popover({ open, onOutside, focus }: { open: boolean; onOutside: () => void; focus?: boolean }) {
  const panel = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  useOutsidePress([panel, opener], open, onOutside, { focus });
  return (
    <>
      <button ref={opener}>opener</button>
      <div ref={panel}>
        <button>inside</button>
      </div>
      <button>elsewhere</button>
    </>
  );
}

describe('useOutsidePress', () => {
  it('calls back for a press outside every given element, not inside one', () => {
    const onOutside = vi.fn();
    render(<Popover open onOutside={onOutside} />);
    fireEvent.mouseDown(screen.getByText('inside'));
    fireEvent.mouseDown(screen.getByText('opener'));
    expect(onOutside).not.toHaveBeenCalled();
    fireEvent.mouseDown(screen.getByText('elsewhere'));
    expect(onOutside).toHaveBeenCalledTimes(1);
  });

  it('listens only while open, and to the focus only when asked', () => {
    const onOutside = vi.fn();
    const { rerender } = render(<Popover open={false} onOutside={onOutside} />);
    fireEvent.mouseDown(screen.getByText('elsewhere'));
    expect(onOutside).not.toHaveBeenCalled();
    rerender(<Popover open onOutside={onOutside} />);
    screen.getByText('elsewhere').focus();
    expect(onOutside).not.toHaveBeenCalled();
    rerender(<Popover open onOutside={onOutside} focus />);
    screen.getByText('inside').focus();
    expect(onOutside).not.toHaveBeenCalled();
    screen.getByText('elsewhere').focus();
    expect(onOutside).toHaveBeenCalledTimes(1);
  });
});
