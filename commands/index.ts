// Registers every command area with the app registry (one line per area) and re-exports the core.
import { registry } from './registry';
import { navigationCommands } from './navigation';
import { organisingCommands } from './organising';
import { paletteCommands } from './palette';
import { viewCommands } from './views';
import { listNavigationCommands, taskSelectionCommands } from './taskSelection';
import { settingsCommands } from './settings';
import { taskCommands } from './tasks';
import { kanbanCommands } from './kanban';
import { focusCommands } from './focus';

export { registry, createRegistry } from './registry';
export type { Command, CommandContext, Registry } from './registry';
export { bindKeymap, SEQUENCE_TIMEOUT_MS } from './keymap';
export { isEditableTarget } from './keymapTargets';
export { trackFocusOrigin } from '../src/app/focusReturn';
export { routerCommandContext } from '../src/app/commandContext';

let registered = false;

/** Idempotent: safe to call from boot and from tests. */
export function registerAppCommands(): void {
  if (registered) return;
  registered = true;
  registry.registerAll(navigationCommands);
  registry.registerAll(organisingCommands);
  registry.registerAll(paletteCommands);
  registry.registerAll(viewCommands);
  registry.registerAll(taskSelectionCommands);
  registry.registerAll(listNavigationCommands);
  registry.registerAll(settingsCommands);
  registry.registerAll(taskCommands);
  registry.registerAll(kanbanCommands);
  registry.registerAll(focusCommands);
}
