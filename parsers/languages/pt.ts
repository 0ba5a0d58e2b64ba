// European Portuguese quick-add date words. "segunda" alone is also "second", so the short weekday names count only after "na", "próxima" and the like.
import type { WordTable } from './wordTable.js';

const SHORT: [short: string, plural: string, day: number][] = [
  ['segunda', 'segundas', 1],
  ['terça', 'terças', 2],
  ['quarta', 'quartas', 3],
  ['quinta', 'quintas', 4],
  ['sexta', 'sextas', 5],
];

const weekdays: Record<string, number> = { sábado: 6, domingo: 0 };
const everyWeekday: Record<string, number> = { 'todos os sábados': 6, 'todos os domingos': 0 };
for (const [short, plural, day] of SHORT) {
  weekdays[`${short}-feira`] = day;
  for (const lead of ['na', 'nesta', 'próxima', 'esta']) weekdays[`${lead} ${short}`] = day;
  everyWeekday[`todas as ${plural}`] = day;
  everyWeekday[`cada ${short}`] = day;
}

export const pt: WordTable = {
  locales: ['pt-PT'],
  days: { hoje: 0, amanhã: 1, 'depois de amanhã': 2 },
  tonight: ['hoje à noite', 'esta noite', 'logo à noite'],
  // Not "no" or "em" alone: "no 2. andar" is on the second floor.
  dateWords: ['até', 'até ao', 'até à', 'até dia', 'para', 'para o', 'para dia', 'no dia', 'dia'],
  weekdays,
  weekdayBefore: ['no', 'na', 'neste', 'nesta', 'próximo', 'próxima'],
  weekdayAfter: ['que vem'],
  inBefore: ['em', 'daqui a', 'dentro de'],
  numbers: { um: 1, uma: 1, dois: 2, duas: 2, três: 3 },
  units: { hora: 'hours', horas: 'hours', dia: 'days', dias: 'days', semana: 'weeks', semanas: 'weeks', mês: 'months', meses: 'months' },
  timeBefore: ['às', 'as', 'à'],
  timeAfter: ['h', 'horas'],
  hourLetter: 'h',
  every: ['cada', 'todo'],
  everyWeekday,
  months: {
    janeiro: 0,
    jan: 0,
    fevereiro: 1,
    fev: 1,
    março: 2,
    mar: 2,
    abril: 3,
    abr: 3,
    maio: 4,
    mai: 4,
    junho: 5,
    jun: 5,
    julho: 6,
    jul: 6,
    agosto: 7,
    ago: 7,
    setembro: 8,
    set: 8,
    outubro: 9,
    out: 9,
    novembro: 10,
    nov: 10,
    dezembro: 11,
    dez: 11,
  },
  monthBefore: ['de'],
  yearBefore: ['de'],
  dayBefore: ['a', 'no dia', 'dia'],
  examples: 'amanhã às 17h, hoje à noite, até sexta-feira, depois de amanhã, próxima segunda, daqui a 3 dias, 15 de dezembro, 16/12, todas as terças',
};
