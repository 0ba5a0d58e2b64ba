// Italian quick-add date words.
import type { WordTable } from './wordTable.js';

const WEEKDAYS = { lunedì: 1, martedì: 2, mercoledì: 3, giovedì: 4, venerdì: 5, sabato: 6, domenica: 0 };

export const it: WordTable = {
  locales: ['it-IT'],
  days: { oggi: 0, domani: 1, dopodomani: 2, 'dopo domani': 2 },
  weekdays: WEEKDAYS,
  weekdayBefore: ['prossimo', 'prossima', 'questo', 'questa'],
  weekdayAfter: ['prossimo', 'prossima'],
  inBefore: ['tra', 'fra'],
  numbers: { un: 1, una: 1, due: 2, tre: 3, quattro: 4, cinque: 5 },
  units: { ora: 'hours', ore: 'hours', giorno: 'days', giorni: 'days', settimana: 'weeks', settimane: 'weeks', mese: 'months', mesi: 'months' },
  timeBefore: ['alle', 'alle ore', 'ore'],
  timeBeforeStrict: ['ore'],
  timeAfter: [],
  every: ['ogni'],
  everyWeekday: Object.fromEntries(Object.entries(WEEKDAYS).map(([name, day]) => [`${day === 0 ? 'tutte le' : 'tutti i'} ${name === 'sabato' ? 'sabati' : name === 'domenica' ? 'domeniche' : name}`, day])),
  examples: 'domani alle 17, dopodomani, lunedì prossimo, tra 3 giorni, 16/12, ogni martedì',
};
