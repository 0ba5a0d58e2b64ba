// Dutch quick-add date words.
import type { WordTable } from './wordTable.js';

export const nl: WordTable = {
  locales: ['nl-NL'],
  days: { vandaag: 0, morgen: 1, overmorgen: 2 },
  weekdays: { maandag: 1, dinsdag: 2, woensdag: 3, donderdag: 4, vrijdag: 5, zaterdag: 6, zondag: 0 },
  weekdayBefore: ['op', 'volgende', 'komende', 'aanstaande', 'deze'],
  inBefore: ['over'],
  numbers: { een: 1, één: 1, twee: 2, drie: 3, vier: 4, vijf: 5 },
  units: { uur: 'hours', dag: 'days', dagen: 'days', week: 'weeks', weken: 'weeks', maand: 'months', maanden: 'months' },
  timeBefore: ['om'],
  timeAfter: ['uur'],
  every: ['elke', 'iedere'],
  examples: 'morgen om 17:00, overmorgen, volgende maandag, over 3 dagen, 16/12, elke dinsdag',
};
