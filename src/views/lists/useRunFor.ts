// Runs registry commands for a given list (menus in the sidebar act on their own list, not the open one).
import { useCallback } from 'react';
import { registry } from '../../../commands/registry';
import type { CommandId } from '../../../commands/ids';
import { useCommandContext } from '../../app/useCommand';
import { error } from '../../app/toast';

export function useRunFor(): (id: CommandId, target: { listId?: number; input?: string }) => void {
  const ctx = useCommandContext();
  return useCallback(
    (id, target) => {
      const context = target.listId === undefined ? ctx : { ...ctx, listId: target.listId };
      registry.run(id, context, target.input).catch((err: unknown) => void error(err));
    },
    [ctx],
  );
}
