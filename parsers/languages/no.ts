// Norwegian (bokmål) quick-add date words.
import type { WordTable } from './wordTable.js';

export const no: WordTable = {
  locales: ['no-NO'],
  days: { 'i dag': 0, idag: 0, 'i morgen': 1, imorgen: 1, 'i overmorgen': 2, overmorgen: 2 },
  weekdays: { mandag: 1, tirsdag: 2, onsdag: 3, torsdag: 4, fredag: 5, lørdag: 6, søndag: 0 },
  weekdayBefore: ['på', 'neste', 'førstkommende', 'kommende'],
  inBefore: ['om'],
  numbers: { en: 1, ei: 1, ett: 1, to: 2, tre: 3, fire: 4, fem: 5 },
  units: { time: 'hours', timer: 'hours', dag: 'days', dager: 'days', døgn: 'days', uke: 'weeks', uker: 'weeks', måned: 'months', måneder: 'months' },
  timeBefore: ['kl', 'klokka', 'klokken'],
  timeBeforeStrict: ['kl', 'klokka', 'klokken'],
  timeAfter: [],
  every: ['hver'],
  months: {
    januar: 0, jan: 0, februar: 1, feb: 1, mars: 2, mar: 2, april: 3, apr: 3, mai: 4, juni: 5, jun: 5, juli: 6, jul: 6,
    august: 7, aug: 7, september: 8, sep: 8, sept: 8, oktober: 9, okt: 9, november: 10, nov: 10, desember: 11, des: 11,
  },
  dayBefore: ['den'],
  examples: 'i morgen kl 17, i overmorgen, neste mandag, om 3 dager, 15. desember, 16.12., hver tirsdag',
};
