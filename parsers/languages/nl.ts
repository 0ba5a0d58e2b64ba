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
  months: {
    januari: 0, jan: 0, februari: 1, feb: 1, maart: 2, mrt: 2, april: 3, apr: 3, mei: 4, juni: 5, jun: 5, juli: 6, jul: 6,
    augustus: 7, aug: 7, september: 8, sep: 8, sept: 8, oktober: 9, okt: 9, november: 10, nov: 10, december: 11, dec: 11,
  },
  dayBefore: ['op'],
  examples: 'morgen om 17:00, overmorgen, volgende maandag, over 3 dagen, 15 december, 16/12, elke dinsdag',
};
