// Labels: the typed model with its text colour by luminance, and the calls (all pages followed).
import { del, getPage, getWithRight, post, put } from './client';
import type { User } from './user';

export const DEFAULT_LABEL_COLOR = 'e8e8e8';
export const LABEL_TEXT_DARK = '4a4a4a';
export const LABEL_TEXT_LIGHT = 'ffffff';

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

/** Dark text on light colours, white on dark ones (relative luminance of sRGB). */
export function textColorFor(hex: string): string {
  const clean = hex.replace(/^#/, '');
  const full = clean.length === 3 ? clean.split('').map((c) => c + c).join('') : clean;
  if (!/^[0-9a-f]{6}$/i.test(full)) return LABEL_TEXT_DARK;
  const channel = (i: number) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  return luminance > 0.5 ? LABEL_TEXT_DARK : LABEL_TEXT_LIGHT;
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

/** Only the creator may edit or delete a label. */
export function canEditLabel(label: Label, userId: number | null | undefined): boolean {
  return !!userId && label.createdBy?.id === userId;
}

export async function getLabel(id: number): Promise<Label> {
  const { data, maxRight } = await getWithRight<Label>(`labels/${id}`);
  return normalizeLabel(data, maxRight);
}

export async function getAllLabels(query: { s?: string } = {}): Promise<Label[]> {
  const out: Label[] = [];
  for (let page = 1; ; page += 1) {
    const res = await getPage<Label>('labels', { query: { ...query, page } });
    out.push(...res.items.map((l) => normalizeLabel(l)));
    if (page >= res.totalPages || res.items.length === 0) return out;
  }
}

export async function createLabel(label: Partial<Label>): Promise<Label> {
  return normalizeLabel(await put<Label>('labels', body(label)));
}

export async function updateLabel(label: Label): Promise<Label> {
  return normalizeLabel(await post<Label>(`labels/${label.id}`, body(label)));
}

export async function deleteLabel(id: number): Promise<void> {
  await del(`labels/${id}`);
}
