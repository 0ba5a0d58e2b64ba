// Every command id as a string-literal union, read from the command definitions: running a command by a mistyped id
// does not compile.
import type { focusCommands } from './focus';
import type { kanbanCommands } from './kanban';
import type { navigationCommands } from './navigation';
import type { organisingCommands } from './organising';
import type { paletteCommands } from './palette';
import type { settingsCommands } from './settings';
import type { listNavigationCommands, taskSelectionCommands } from './taskSelection';
import type { taskCommands } from './tasks';
import type { viewCommands } from './views';

type IdsOf<T extends readonly { id: string }[]> = T[number]['id'];

/**
 * The commands a form registers while it is on screen (src/app/useScopedCommands.ts). The forms are views, which
 * commands/ does not import, so their ids are named here; a form's command with another id does not compile.
 */
export type ScopedCommandId =
  | 'team.member.add'
  | 'team.member.remove'
  | 'team.member.toggleAdmin'
  | 'sharing.link.create'
  | 'sharing.link.delete'
  | 'sharing.user.add'
  | 'sharing.remove'
  | `sharing.right.${'read' | 'readWrite' | 'admin'}`;

export type CommandId =
  | IdsOf<typeof focusCommands>
  | IdsOf<typeof kanbanCommands>
  | IdsOf<typeof navigationCommands>
  | IdsOf<typeof organisingCommands>
  | IdsOf<typeof paletteCommands>
  | IdsOf<typeof settingsCommands>
  | IdsOf<typeof taskSelectionCommands>
  | IdsOf<typeof listNavigationCommands>
  | IdsOf<typeof taskCommands>
  | IdsOf<typeof viewCommands>
  | ScopedCommandId;
