// Quick-add prefix modes and the prefix character each mode uses for labels, lists, priorities and assignees.

export const PrefixMode = {
  Disabled: 'disabled',
  Default: 'vikunja',
  Todoist: 'todoist',
} as const;

export type PrefixMode = (typeof PrefixMode)[keyof typeof PrefixMode];

export interface Prefixes {
  label: string;
  list: string;
  priority: string;
  assignee: string;
}

const PREFIXES: Readonly<Record<string, Prefixes>> = {
  [PrefixMode.Default]: { label: '*', list: '+', priority: '!', assignee: '@' },
  [PrefixMode.Todoist]: { label: '@', list: '#', priority: '!', assignee: '+' },
};

/**
 * The prefix table of a mode, or null when quick-add magic is off. Any value that is not a known
 * mode counts as disabled, as the spec says of unknown stored settings.
 */
export function prefixesFor(mode: PrefixMode | string | null | undefined): Prefixes | null {
  if (typeof mode !== 'string') return null;
  return Object.prototype.hasOwnProperty.call(PREFIXES, mode) ? PREFIXES[mode] : null;
}
