// French quick-add date words.
import type { WordTable } from './wordTable.js';

const WEEKDAYS = { lundi: 1, mardi: 2, mercredi: 3, jeudi: 4, vendredi: 5, samedi: 6, dimanche: 0 };

export const fr: WordTable = {
  locales: ['fr-FR'],
  days: { "aujourd'hui": 0, demain: 1, 'après-demain': 2, 'après demain': 2 },
  tonight: ['ce soir'],
  dateWords: ['le', 'pour', 'pour le', "d'ici", "d'ici le", 'avant', 'avant le', "jusqu'au", 'au plus tard', 'au plus tard le'],
  weekdays: WEEKDAYS,
  weekdayBefore: ['ce'],
  weekdayAfter: ['prochain', 'qui vient'],
  inBefore: ['dans'],
  numbers: { un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, six: 6, sept: 7, huit: 8, neuf: 9, dix: 10 },
  units: { heure: 'hours', heures: 'hours', jour: 'days', jours: 'days', semaine: 'weeks', semaines: 'weeks', mois: 'months' },
  timeBefore: ['à', 'vers'],
  timeAfter: ['h', 'heure', 'heures'],
  hourLetter: 'h',
  every: ['chaque'],
  // "tous les lundis": the plural only ever follows "tous les".
  everyWeekday: Object.fromEntries(Object.entries(WEEKDAYS).map(([name, day]) => [`tous les ${name}s`, day])),
  months: {
    janvier: 0,
    janv: 0,
    février: 1,
    févr: 1,
    fév: 1,
    mars: 2,
    avril: 3,
    avr: 3,
    mai: 4,
    juin: 5,
    juillet: 6,
    juil: 6,
    août: 7,
    septembre: 8,
    sept: 8,
    octobre: 9,
    oct: 9,
    novembre: 10,
    nov: 10,
    décembre: 11,
    déc: 11,
  },
  dayBefore: ['le'],
  daySuffix: 'er',
  examples: "demain à 17h, ce soir, d'ici vendredi, après-demain, lundi prochain, dans 3 jours, 15 décembre, 16/12, chaque mardi",
};
