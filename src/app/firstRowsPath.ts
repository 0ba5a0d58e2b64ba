// Build step (Vite plugin, runs in Node): which modules a list view's first rows need, so the chunk that every
// signed-in screen shares holds only those and the rest of the shared code waits in a chunk of its own.
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * What the first rows of a list view run: the boot, the local copy (read before the first screen), the session's key
 * holding, the user's settings (applied when GET /user answers, which is before the rows), the signed-in shell, the route loads and the list view. Whatever
 * these import statically is on the path; what they import with `import()` (the drag and drop, menus, pickers, the
 * commands, the defer panel, the filter form, …) is not.
 */
export const FIRST_ROWS_ROOTS = ['main.tsx', 'local/localCopy.ts', 'app/sessionKeys.ts', 'state/frontendSettings.ts', 'app/SignedInLayout.tsx', 'app/routeLoads.ts', 'views/lists/ListView.tsx'];

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** The modules reachable from `roots` through static imports only. */
export function staticClosure(graph: ModuleGraph, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const dep of graph.getModuleInfo(id)?.importedIds ?? []) if (!seen.has(dep)) stack.push(dep);
  }
  return seen;
}

/**
 * The plugin, and `has(id)` for a code-splitting group's test: true for the modules of the first rows' path (known once
 * the module graph is complete, before any chunk is made).
 */
export function firstRowsPath(srcDir = path.resolve('src')): { plugin: Plugin; has: (id: string) => boolean } {
  let modules = new Set<string>();
  return {
    plugin: {
      name: 'keyflow-first-rows-path',
      apply: 'build',
      buildEnd() {
        modules = staticClosure(this, FIRST_ROWS_ROOTS.map((r) => path.join(srcDir, r)));
      },
    },
    has: (id) => modules.has(id),
  };
}
