// Czech quick-add date words, with the case forms a weekday or unit takes after "v" and "za".
import type { WordTable } from './wordTable.js';

export const cs: WordTable = {
  locales: ['cs-CZ'],
  days: { dnes: 0, dneska: 0, zítra: 1, pozítří: 2 },
  weekdays: { pondělí: 1, úterý: 2, středa: 3, středu: 3, čtvrtek: 4, pátek: 5, sobota: 6, sobotu: 6, neděle: 0, neděli: 0 },
  weekdayBefore: ['v', 've', 'příští', 'příští', 'tento', 'tuto', 'toto', 'nejbližší'],
  inBefore: ['za'],
  unitAlone: true,
  numbers: { jeden: 1, jednu: 1, dva: 2, dvě: 2, tři: 3, čtyři: 4, pět: 5 },
  units: {
    hodinu: 'hours', hodiny: 'hours', hodin: 'hours',
    den: 'days', dny: 'days', dní: 'days', dnů: 'days',
    týden: 'weeks', týdny: 'weeks', týdnů: 'weeks',
    měsíc: 'months', měsíce: 'months', měsíců: 'months',
  },
  timeBefore: ['v', 've', 'o'],
  timeAfter: ['hodin', 'hodiny', 'h'],
  every: ['každé', 'každý', 'každou'],
  // Genitive, as a date is written ("15. prosince").
  months: {
    ledna: 0, února: 1, března: 2, dubna: 3, května: 4, června: 5, července: 6, srpna: 7, září: 8, října: 9, listopadu: 10, prosince: 11,
  },
  examples: 'zítra v 17:00, pozítří, příští pondělí, za 3 dny, 15. prosince, 16.12., každé úterý',
};
