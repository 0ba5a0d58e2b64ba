// Runs registry commands from components with a context built from the router and the store.
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai/react';
import { registry, type CommandContext } from '../../commands/registry';
import type { CommandId } from '../../commands/ids';
import { sessionAtom } from '../state/session';
import { currentListAtom } from '../state/ui';
import { openTaskIdAtom } from '../state/taskDetail';
import { useRouteName } from './Root';
import { commandContext } from './commandContext';

export function useCommandContext(): CommandContext {
  const navigate = useNavigate();
  const { name } = useRouteName();
  // Subscribed so the context is made again when what it reads changes.
  const session = useAtomValue(sessionAtom);
  const list = useAtomValue(currentListAtom);
  const taskId = useAtomValue(openTaskIdAtom);
  return useMemo(
    () => commandContext({ navigate: (to) => void navigate(to), routeName: name }),
    // session, list and taskId are what commandContext reads from the store
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [navigate, name, session, list, taskId],
  );
}

/** `run(id, input?)` through the registry, so buttons and menus behave exactly like the hotkeys. */
export function useRunCommand(): (id: CommandId, input?: string) => Promise<boolean> {
  const ctx = useCommandContext();
  return useCallback((id: CommandId, input?: string) => registry.run(id, ctx, input), [ctx]);
}
