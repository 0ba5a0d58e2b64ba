// The sidebar's namespaces: collapsible groups of lists with colour, favorite star, menus, and drag to reorder or move.
import { useEffect, useMemo, useState } from 'react';
import { NavLink, useParams } from 'react-router-dom';
import { useAtomValue } from 'jotai/react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { namespacesAtom } from '../../state/namespaces';
import * as actions from '../../actions/namespaces';
import { currentListAtom } from '../../state/ui';
import type { List } from '../../api/lists';
import type { Namespace } from '../../api/namespaces';
import { ColorBubble } from '../../components/ColorBubble';
import { FavoriteStar } from '../../components/FavoriteStar';
import { Dropdown, DropdownItem, DropdownSeparator } from '../../components/Dropdown';
import { useSubscriptionLabels } from '../../components/SubscriptionControl';
import { ListSettingsMenu } from '../lists/ListSettingsMenu';
import { useRunFor } from '../lists/useRunFor';
import { computeListDrop, type DropTarget } from './listDrop';
import { useT } from '../../i18n';
import { pathFor } from '../../routes';
import { cancelIntent, intendPath } from '../../app/routeData';
import './namespaceTree.css';
import { POINTER_OPTIONS, SORTABLE_KEYBOARD_OPTIONS } from '../../components/dndSensors';

const COLLAPSED_KEY = 'namespacesCollapsed';

function readCollapsed(): Record<number, boolean> {
  try {
    return JSON.parse(window.localStorage.getItem(COLLAPSED_KEY) ?? '{}') as Record<number, boolean>;
  } catch {
    return {};
  }
}

/** The title of a namespace; pseudo ones have fixed translated titles. */
export function namespaceTitle(ns: Pick<Namespace, 'id' | 'title'>, t: (k: string) => string): string {
  if (ns.id === -1) return t('namespace.pseudo.sharedLists');
  if (ns.id === -2) return t('namespace.pseudo.favorites');
  if (ns.id === -3) return t('namespace.pseudo.savedFilters');
  return ns.title;
}

export function listTitle(list: Pick<List, 'id' | 'title'>, t: (k: string) => string): string {
  return list.id === -1 ? t('list.favorites') : list.title;
}

const listKey = (ns: number, list: number) => `list:${ns}:${list}`;
const nsKey = (ns: number) => `ns:${ns}`;

function parseKey(key: string | number): DropTarget & { listId?: number } {
  const [kind, ns, list] = String(key).split(':');
  return kind === 'list' ? { namespaceId: Number(ns), listId: Number(list) } : { namespaceId: Number(ns) };
}

export default function NamespaceTree() {
  const t = useT();
  const namespaces = useAtomValue(namespacesAtom);
  const [collapsed, setCollapsed] = useState<Record<number, boolean>>(readCollapsed);
  const [saving, setSaving] = useState<number | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, POINTER_OPTIONS),
    useSensor(KeyboardSensor, SORTABLE_KEYBOARD_OPTIONS),
  );

  useEffect(() => {
    void actions.loadTree();
  }, []);

  const visible = useMemo(() => namespaces.filter((n) => !n.isArchived), [namespaces]);

  function toggle(id: number) {
    setCollapsed((c) => {
      const next = { ...c, [id]: !c[id] };
      try {
        window.localStorage.setItem(COLLAPSED_KEY, JSON.stringify(next));
      } catch {
        // The state still holds for this session.
      }
      return next;
    });
  }

  async function onDragEnd(event: DragEndEvent) {
    if (!event.over) return;
    const from = parseKey(event.active.id);
    if (from.listId === undefined) return;
    const drop = computeListDrop(namespaces, { namespaceId: from.namespaceId, listId: from.listId }, parseKey(event.over.id));
    if (!drop) return;
    setSaving(drop.list.id);
    await actions.moveList(drop.list, drop.namespaceId, drop.position);
    setSaving(null);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={(e) => void onDragEnd(e)}
      accessibility={{
        screenReaderInstructions: { draggable: t('namespace.dragInstructions') },
        announcements: {
          onDragStart: () => t('namespace.dragStarted'),
          onDragOver: () => undefined,
          onDragEnd: ({ over }) => (over ? t('namespace.dragDropped') : t('namespace.dragCancelled')),
          onDragCancel: () => t('namespace.dragCancelled'),
        },
      }}
    >
      <div className="ns-tree" aria-label={t('namespace.tree')} role="region">
        {visible.map((ns) => (
          <NamespaceGroup key={ns.id} ns={ns} collapsed={!!collapsed[ns.id]} onToggle={() => toggle(ns.id)} saving={saving} />
        ))}
      </div>
    </DndContext>
  );
}

function NamespaceGroup({ ns, collapsed, onToggle, saving }: { ns: Namespace; collapsed: boolean; onToggle: () => void; saving: number | null }) {
  const t = useT();
  const title = namespaceTitle(ns, t);
  const pseudo = ns.id < 0;
  const { setNodeRef, isOver } = useDroppable({ id: nsKey(ns.id), disabled: pseudo });
  const lists = ns.lists.filter((l) => !l.isArchived);
  const groupId = `ns-group-${ns.id}`;
  return (
    <section className={`ns-group${isOver && !pseudo ? ' is-over' : ''}`} ref={setNodeRef} aria-labelledby={`${groupId}-title`}>
      <div className="ns-header">
        <button type="button" className="ns-toggle" onClick={onToggle} aria-expanded={!collapsed} aria-controls={groupId}>
          <svg className="ns-chevron" width="12" height="12" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <ColorBubble color={ns.hexColor} />
          <span className="ns-title" id={`${groupId}-title`}>
            {title}
          </span>
          <span className="ns-count" aria-label={t('namespace.listCount', { count: lists.length })}>
            {lists.length}
          </span>
        </button>
        {ns.id > 0 && <NamespaceMenu ns={ns} />}
      </div>
      {!collapsed && (
        <SortableContext items={lists.map((l) => listKey(ns.id, l.id))} strategy={verticalListSortingStrategy} disabled={pseudo}>
          <ul className="ns-lists" id={groupId}>
            {lists.map((list) => (
              <ListItem key={list.id} ns={ns} list={list} saving={saving === list.id} />
            ))}
          </ul>
        </SortableContext>
      )}
    </section>
  );
}

export function NamespaceMenu({ ns }: { ns: Namespace }) {
  const t = useT();
  const runFor = useRunFor();
  const sub = useSubscriptionLabels('namespace', ns.subscription);
  const input = String(ns.id);
  return (
    <Dropdown trigger={<DotsIcon />} label={t('namespace.settingsFor', { title: ns.title })}>
      {ns.isArchived ? (
        <DropdownItem onSelect={() => runFor('namespace.archive', { input })}>{t('organising.menu.unarchive')}</DropdownItem>
      ) : (
        <>
          <DropdownItem onSelect={() => runFor('namespace.edit', { input })}>{t('organising.menu.edit')}</DropdownItem>
          <DropdownItem onSelect={() => runFor('namespace.share', { input })}>{t('organising.menu.share')}</DropdownItem>
          <DropdownItem onSelect={() => runFor('namespace.newList', { input })}>{t('organising.menu.newList')}</DropdownItem>
          <DropdownItem onSelect={() => runFor('namespace.archive', { input })}>{t('organising.menu.archive')}</DropdownItem>
          <DropdownItem onSelect={() => !sub.inherited && runFor('namespace.toggleSubscription', { input })}>{sub.label}</DropdownItem>
          <DropdownSeparator />
          <DropdownItem onSelect={() => runFor('namespace.delete', { input })}>{t('organising.menu.delete')}</DropdownItem>
        </>
      )}
    </Dropdown>
  );
}

function ListItem({ ns, list, saving }: { ns: Namespace; list: List; saving: boolean }) {
  const t = useT();
  const runFor = useRunFor();
  const current = useAtomValue(currentListAtom);
  const params = useParams();
  const pseudo = ns.id < 0;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: listKey(ns.id, list.id),
    disabled: pseudo,
  });
  const isCurrent = current?.id === list.id || params.listId === String(list.id);
  const title = listTitle(list, t);
  const style = { transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined, transition };
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={['ns-list', isCurrent ? 'is-current' : '', isDragging ? 'is-dragging' : '', saving ? 'is-saving' : ''].filter(Boolean).join(' ')}
      aria-busy={saving || undefined}
    >
      {!pseudo && (
        <button type="button" className="ns-drag" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={t('namespace.dragList', { title })}>
          <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M9 5h.01M9 12h.01M9 19h.01M15 5h.01M15 12h.01M15 19h.01" stroke="currentColor" strokeWidth="3.2" strokeLinecap="round" />
          </svg>
        </button>
      )}
      <NavLink
        to={pathFor('list.index', { listId: list.id })}
        className="ns-list-link"
        aria-current={isCurrent ? 'page' : undefined}
        // The list's data starts on the way to the click, so the list shows without a spinner.
        onPointerEnter={() => intendPath(pathFor('list.index', { listId: list.id }))}
        onFocus={() => intendPath(pathFor('list.index', { listId: list.id }))}
        onPointerLeave={cancelIntent}
        onBlur={cancelIntent}
      >
        <ColorBubble color={list.hexColor} />
        <span className="ns-list-title">{title}</span>
      </NavLink>
      {saving && <span className="spinner ns-saving" role="status" aria-label={t('namespace.savingPosition')} />}
      {list.id > 0 && !list.isArchived && (
        <FavoriteStar isFavorite={list.isFavorite} title={title} onToggle={() => runFor('list.toggleFavorite', { listId: list.id })} className="ns-star" />
      )}
      {list.id > 0 && <ListSettingsMenu list={list} trigger={<DotsIcon />} />}
    </li>
  );
}

function DotsIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M5 12h.01M12 12h.01M19 12h.01" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
