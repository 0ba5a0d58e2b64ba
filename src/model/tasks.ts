// Tasks as values: priorities, repeat modes, the default colour and the relation kinds; no network.
export const REPEAT_MODES = { DEFAULT: 0, MONTH: 1, FROM_CURRENT_DATE: 2 } as const;
export const DEFAULT_TASK_COLOR = '1973ff';
export const RELATION_KINDS = [
  'subtask',
  'parenttask',
  'related',
  'duplicateof',
  'duplicates',
  'blocking',
  'blocked',
  'precedes',
  'follows',
  'copiedfrom',
  'copiedto',
] as const;

/** A task's priority as the API numbers it (0 is none). */
export const TASK_PRIORITIES = { UNSET: 0, LOW: 1, MEDIUM: 2, HIGH: 3, URGENT: 4, DO_NOW: 5 } as const;
