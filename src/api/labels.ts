// Labels: the typed model with its text colour by luminance, and the calls (all pages followed).
import { del, getPage, getWithRight, post, put } from './client';
import type { User } from './user';
import { converted, ifMatchHeaders, ServerCopies, updateSafely, type ConflictSafe } from './conflicts';
import { DEFAULT_LABEL_COLOR, textColorFor } from '../styles/labelColors';

// Where the label colours used to be defined; their rule lives with the other colour rules now.
export { DEFAULT_LABEL_COLOR, LABEL_TEXT_DARK, LABEL_TEXT_LIGHT, textColorFor } from '../styles/labelColors';
export { canEditLabel } from '../model/labels';

export interface Label {
  id: number;
  title: string;
  description: string;
  /** Without `#`. */
  hexColor: string;
  createdBy?: User;
  /** Derived: dark or white for readable text on hexColor. */
  textColor: string;
  created?: Date | null;
  updated?: Date | null;
  maxRight: number | null;
}

export function normalizeLabel(raw: Partial<Label> & { id: number }, maxRight: number | null = null): Label {
  const hexColor = (raw.hexColor || DEFAULT_LABEL_COLOR).replace(/^#/, '');
  return { title: '', description: '', ...raw, hexColor, textColor: textColorFor(hexColor), maxRight: raw.maxRight ?? maxRight };
}

function body(label: Partial<Label>): Record<string, unknown> {
  const { maxRight: _m, createdBy: _c, textColor: _t, created: _cr, updated: _u, ...rest } = label;
  if (rest.hexColor) rest.hexColor = rest.hexColor.replace(/^#/, '');
  return rest;
}

const copies = new ServerCopies<Label>();

export async function getLabel(id: number): Promise<Label> {
  const { data, maxRight } = await getWithRight<Label>(`labels/${id}`);
  return copies.remember(normalizeLabel(data, maxRight));
}

export async function getAllLabels(query: { s?: string } = {}): Promise<Label[]> {
  const out: Label[] = [];
  for (let page = 1; ; page += 1) {
    const res = await getPage<Label>('labels', { query: { ...query, page } });
    out.push(...copies.remember(res.items.map((l) => normalizeLabel(l))));
    if (page >= res.totalPages || res.items.length === 0) return out;
  }
}

export async function createLabel(label: Partial<Label>): Promise<Label> {
  return copies.remember(normalizeLabel(await put<Label>('labels', body(label))));
}

const safeLabels: ConflictSafe<Label> = {
  copies,
  send: async (label) => normalizeLabel(await post<Label>(`labels/${label.id}`, body(label), { headers: ifMatchHeaders(label) })),
  fromCurrent: (current) => normalizeLabel(converted<Label>(current)),
};

/** Sends the label with If-Match; after an edit someone else made meanwhile, the person's changes are kept over it. */
export function updateLabel(label: Label, opts: { onMerged?: () => void } = {}): Promise<Label> {
  return updateSafely(safeLabels, label, opts.onMerged);
}

export async function deleteLabel(id: number): Promise<void> {
  await del(`labels/${id}`);
}
