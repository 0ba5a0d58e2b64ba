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
  months: {
    gennaio: 0, gen: 0, febbraio: 1, feb: 1, marzo: 2, mar: 2, aprile: 3, apr: 3, maggio: 4, mag: 4, giugno: 5, giu: 5, luglio: 6, lug: 6,
    agosto: 7, ago: 7, settembre: 8, set: 8, ottobre: 9, ott: 9, novembre: 10, nov: 10, dicembre: 11, dic: 11,
  },
  dayBefore: ['il'],
  examples: 'domani alle 17, dopodomani, lunedì prossimo, tra 3 giorni, 15 dicembre, 16/12, ogni martedì',
};
