// Runs registry commands from components with a context built from the router and the store.
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai/react';
import { registry, type CommandContext } from '../../commands/registry';
import type { CommandId } from '../../commands/ids';
import { sessionAtom } from '../state/session';
import { currentListAtom } from '../state/ui';
import { openTaskIdAtom } from '../state/taskDetail';
import { useRouteName } from './Root';

export function useCommandContext(): CommandContext {
  const navigate = useNavigate();
  const { name } = useRouteName();
  const session = useAtomValue(sessionAtom);
  const list = useAtomValue(currentListAtom);
  const taskId = useAtomValue(openTaskIdAtom);
  return { navigate: (to) => void navigate(to), routeName: name, signedIn: session.kind === 'user', listId: list?.id ?? null, taskId };
}

/** `run(id, input?)` through the registry, so buttons and menus behave exactly like the hotkeys. */
export function useRunCommand(): (id: CommandId, input?: string) => Promise<boolean> {
  const ctx = useCommandContext();
  return useCallback((id: CommandId, input?: string) => registry.run(id, ctx, input), [ctx]);
}
