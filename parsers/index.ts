// Public API of the pure parsers: quick-add, dates, date math, repeats, subtasks by indentation and checklists.
export { PrefixMode, prefixesFor, type Prefixes } from './prefixes.js';
export { parseTaskText, textWithoutTokens, type ParsedTaskText, type ParsedToken, type ParseHint, type TokenKind } from './parseTaskText.js';
export { QUICK_ADD_LOCALES, dateExamplesFor, dateLanguageFor, readsMonthFirst } from './languages/index.js';
export { parseDate, getDateFromText, type DateParseResult, type DateFoundResult } from './parseDate.js';
export { readDate, type ReadDateResult } from './readDate.js';
export { DEFAULT_TIME, EVENING_TIME, atTime, defaultTimeOf, type DateTimes, type TimeOfDay } from './defaultTime.js';
export { calculateDayInterval, type DayIntervalName } from './dayInterval.js';
export { parseDateMath, isDateMath, resolveDateRange, DATE_RANGES, type DateMathOptions, type DateMathUnit, type DateRangeName } from './dateMath.js';
export { secondsToRepeatAfter, repeatAfterToSeconds, REPEAT_TYPES, REPEAT_MODES, type RepeatAfter, type RepeatType } from './repeat.js';
export { parseSubtasksViaIndention, type TaskWithParent } from './subtasks.js';
export { parseFileSize } from './fileSize.js';
export { findCheckboxesInText, getChecklistStatistics, type ChecklistStatistics } from './checklist.js';
export {
  PRIORITIES,
  type Priority,
  SECONDS_A_MINUTE,
  SECONDS_A_HOUR,
  SECONDS_A_DAY,
  SECONDS_A_WEEK,
  SECONDS_A_MONTH,
  SECONDS_A_YEAR,
  MILLISECONDS_A_SECOND,
  MILLISECONDS_A_DAY,
} from './constants.js';
