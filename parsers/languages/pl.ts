// Polish quick-add date words, with the case forms a weekday or unit takes after "w" and "za".
import type { WordTable } from './wordTable.js';

export const pl: WordTable = {
  locales: ['pl-PL'],
  days: { dziś: 0, dzisiaj: 0, jutro: 1, pojutrze: 2 },
  weekdays: {
    poniedziałek: 1, wtorek: 2, środa: 3, środę: 3, czwartek: 4, piątek: 5, sobota: 6, sobotę: 6, niedziela: 0, niedzielę: 0,
  },
  weekdayBefore: ['w', 'we', 'przyszły', 'przyszłą', 'następny', 'następną', 'najbliższy', 'najbliższą', 'ten', 'tę'],
  inBefore: ['za'],
  unitAlone: true,
  numbers: { jeden: 1, jedną: 1, dwa: 2, dwie: 2, trzy: 3, cztery: 4, pięć: 5 },
  units: {
    godzinę: 'hours', godziny: 'hours', godzin: 'hours',
    dzień: 'days', dni: 'days',
    tydzień: 'weeks', tygodnie: 'weeks', tygodni: 'weeks',
    miesiąc: 'months', miesiące: 'months', miesięcy: 'months',
  },
  timeBefore: ['o', 'o godzinie'],
  timeBeforeStrict: ['o godzinie'],
  timeAfter: [],
  every: ['co', 'każdy', 'każdą', 'każdą', 'w każdy', 'w każdą', 'we każdy'],
  // Genitive, as a date is written ("15 grudnia"), and the usual abbreviations.
  months: {
    stycznia: 0, sty: 0, lutego: 1, lut: 1, marca: 2, mar: 2, kwietnia: 3, kwi: 3, maja: 4, czerwca: 5, cze: 5, lipca: 6, lip: 6,
    sierpnia: 7, sie: 7, września: 8, wrz: 8, października: 9, paź: 9, listopada: 10, lis: 10, grudnia: 11, gru: 11,
  },
  yearAfter: ['r', 'roku'],
  examples: 'jutro o 17:00, pojutrze, w przyszły poniedziałek, za 3 dni, 15 grudnia, 16.12., co wtorek',
};
