// The command registry: the one place an action is defined; palette, hotkeys, help and menus read it.

/** What a command can see and do when it runs. */
export interface CommandContext {
  navigate: (to: string) => void;
  /** The current route's name (see src/routes.tsx), or null before the router knows it. */
  routeName: string | null;
  signedIn: boolean;
  /** The list being viewed, when one is. */
  listId: number | null;
  /** Tasks selected with list keyboard navigation (x, shift+x); bulk task commands act on them. */
  selectedTaskIds?: number[];
  /** The task open in task.detail, when one is (task shortcuts apply then). */
  taskId?: number | null;
}

export interface Command {
  id: string;
  /** i18n key of the title. */
  title: string;
  /** Groups commands in the palette and the help modal (e.g. "general", "navigation"). */
  section: string;
  /** tinykeys bindings: "$mod+k" (ctrl, ⌘ on Apple), sequences like "g u". */
  keys?: string[];
  when?: (ctx: CommandContext) => boolean;
  /** i18n key of the input placeholder when the command needs typed, non-empty input (palette "active command"). */
  input?: string;
  run: (ctx: CommandContext, input?: string) => void | Promise<void>;
}

export interface Registry {
  register(command: Command): () => void;
  registerAll(commands: Command[]): () => void;
  get(id: string): Command | undefined;
  /** Every command, in registration order. */
  list(): Command[];
  /** Commands whose `when` allows them in this context. */
  applicable(ctx: CommandContext): Command[];
  isApplicable(command: Command, ctx: CommandContext): boolean;
  /** Runs a command by id if it applies; returns whether it ran. */
  run(id: string, ctx: CommandContext, input?: string): Promise<boolean>;
  /** Called after each change, so bindings can follow. */
  subscribe(listener: () => void): () => void;
}

export function createRegistry(): Registry {
  const commands = new Map<string, Command>();
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((l) => l());

  const isApplicable = (command: Command, ctx: CommandContext) => (command.when ? command.when(ctx) : true);

  const registry: Registry = {
    register(command) {
      if (commands.has(command.id)) throw new Error(`Command "${command.id}" is already registered`);
      commands.set(command.id, command);
      changed();
      return () => {
        if (commands.get(command.id) === command) {
          commands.delete(command.id);
          changed();
        }
      };
    },
    registerAll(list) {
      const undo = list.map((c) => registry.register(c));
      return () => undo.forEach((u) => u());
    },
    get: (id) => commands.get(id),
    list: () => [...commands.values()],
    applicable: (ctx) => [...commands.values()].filter((c) => isApplicable(c, ctx)),
    isApplicable,
    async run(id, ctx, input) {
      const command = commands.get(id);
      if (!command || !isApplicable(command, ctx)) return false;
      await command.run(ctx, input);
      return true;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return registry;
}

/** The app's registry. */
export const registry = createRegistry();
