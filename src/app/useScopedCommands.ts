// Commands that exist while a form is on screen (share, team members, link shares): registered in the central registry
// on mount, so the palette offers them and the form's buttons run them, and removed again on unmount.
import { useEffect, useRef } from 'react';
import { registry, type Command } from '../../commands/registry';
import type { ScopedCommandId } from '../../commands/ids';

export interface ScopedCommand {
  id: ScopedCommandId;
  /** i18n key of the title. */
  title: string;
  section: string;
  /** i18n key of the input placeholder when the command needs typed input (a username, a name). */
  input?: string;
  run: (input?: string) => void | Promise<void>;
}

/** Registers `commands` while the component is mounted; each run reaches the component's latest handler. */
export function useScopedCommands(commands: ScopedCommand[], enabled = true): void {
  const latest = useRef(commands);
  latest.current = commands;
  const ids = commands.map((c) => c.id).join('|');
  useEffect(() => {
    if (!enabled) return;
    // A second form of the same kind on screen (should not happen) leaves the first one's commands in place.
    const defs: Command[] = latest.current.filter((c) => !registry.get(c.id)).map((c) => ({
      id: c.id,
      title: c.title,
      section: c.section,
      input: c.input,
      run: (_ctx, input) => latest.current.find((x) => x.id === c.id)?.run(input),
    }));
    return registry.registerAll(defs);
  }, [ids, enabled]);
}
