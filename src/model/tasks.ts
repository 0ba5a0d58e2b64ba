// Tasks as values: repeat modes, the default colour and the relation kinds; no network. (Priorities are in constants.ts.)
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
