// German quick-add date words (de-DE and de-swiss: Swiss German is written with the same words, "ss" for "ß" never occurs in them).
import type { WordTable } from './wordTable.js';

export const de: WordTable = {
  locales: ['de-DE', 'de-swiss'],
  // "ae" and "ue" are how ä and ü are typed without them.
  days: { heute: 0, morgen: 1, übermorgen: 2, uebermorgen: 2 },
  weekdays: { montag: 1, dienstag: 2, mittwoch: 3, donnerstag: 4, freitag: 5, samstag: 6, sonnabend: 6, sonntag: 0 },
  weekdayBefore: ['am', 'nächsten', 'nächster', 'nächste', 'naechsten', 'naechster', 'naechste', 'kommenden', 'kommender', 'diesen'],
  inBefore: ['in'],
  numbers: { einer: 1, einem: 1, zwei: 2, drei: 3, vier: 4, fünf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10 },
  units: { stunde: 'hours', stunden: 'hours', tag: 'days', tagen: 'days', woche: 'weeks', wochen: 'weeks', monat: 'months', monaten: 'months' },
  timeBefore: ['um', 'gegen'],
  timeAfter: ['uhr'],
  every: ['jeden', 'jede', 'jedes'],
  everyWeekday: { montags: 1, dienstags: 2, mittwochs: 3, donnerstags: 4, freitags: 5, samstags: 6, sonntags: 0 },
  months: {
    januar: 0, jänner: 0, jan: 0, februar: 1, feb: 1, märz: 2, maerz: 2, mär: 2, mrz: 2, april: 3, apr: 3, mai: 4, juni: 5, jun: 5,
    juli: 6, jul: 6, august: 7, aug: 7, september: 8, sep: 8, sept: 8, oktober: 9, okt: 9, november: 10, nov: 10, dezember: 11, dez: 11,
  },
  dayBefore: ['am'],
  examples: 'morgen um 17 Uhr, übermorgen, nächsten Montag, in 3 Tagen, 15. Dezember, 16.12., jeden Dienstag',
};
