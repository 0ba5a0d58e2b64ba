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
  examples: 'i morgen kl 17, i overmorgen, neste mandag, om 3 dager, 16.12., hver tirsdag',
};
