// Which modules the list view's first rows need (the build's "app" chunk): static imports only, from the named roots.
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { FIRST_ROWS_ROOTS, staticClosure } from '../../src/app/firstRowsPath';

/** A module graph as the bundler describes it: each module's static imports (dynamic ones are not listed there). */
const graph = (edges: Record<string, string[]>) => ({ getModuleInfo: (id: string) => (id in edges ? { importedIds: edges[id] } : null) });

describe('first rows path', () => {
  it('follows static imports from the roots, through shared modules and cycles, and no further', () => {
    const modules = graph({
      main: ['router', 'store'],
      router: ['store'],
      ListView: ['VirtualTaskList', 'AddTask'],
      VirtualTaskList: ['TaskRow', 'lentDraggable'],
      TaskRow: ['store', 'TaskRow'],
      // ListDrag (dnd-kit) and the filter form are imported with import(): not edges of the graph.
      AddTask: ['parsers'],
      ListDrag: ['dnd-kit', 'lentDraggable'],
      KanbanView: ['dnd-kit'],
    });
    expect([...staticClosure(modules, ['main', 'ListView'])].sort()).toEqual(['AddTask', 'ListView', 'TaskRow', 'VirtualTaskList', 'lentDraggable', 'main', 'parsers', 'router', 'store']);
  });

  it('names roots that exist', () => {
    for (const root of FIRST_ROWS_ROOTS) expect(existsSync(path.resolve(__dirname, '../../src', root)), root).toBe(true);
  });
});
