// European Portuguese quick-add date words. "segunda" alone is also "second", so the short weekday names count only after "na", "próxima" and the like.
import type { WordTable } from './wordTable.js';

const SHORT: [short: string, plural: string, day: number][] = [
  ['segunda', 'segundas', 1], ['terça', 'terças', 2], ['quarta', 'quartas', 3], ['quinta', 'quintas', 4], ['sexta', 'sextas', 5],
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
  examples: 'amanhã às 17h, depois de amanhã, próxima segunda, daqui a 3 dias, 16/12, todas as terças',
};
