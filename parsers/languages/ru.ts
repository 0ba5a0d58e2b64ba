// Russian quick-add date words, with the case forms a weekday or unit takes after "в" and "через".
import type { WordTable } from './wordTable.js';

export const ru: WordTable = {
  locales: ['ru-RU'],
  days: { сегодня: 0, завтра: 1, послезавтра: 2 },
  weekdays: {
    понедельник: 1, вторник: 2, среда: 3, среду: 3, четверг: 4, пятница: 5, пятницу: 5, суббота: 6, субботу: 6, воскресенье: 0,
  },
  weekdayBefore: ['в', 'во', 'следующий', 'следующую', 'следующее', 'следующая', 'этот', 'эту', 'это', 'ближайший', 'ближайшую'],
  inBefore: ['через'],
  unitAlone: true,
  numbers: { один: 1, одну: 1, два: 2, две: 2, три: 3, четыре: 4, пять: 5 },
  units: {
    час: 'hours', часа: 'hours', часов: 'hours',
    день: 'days', дня: 'days', дней: 'days',
    неделю: 'weeks', недели: 'weeks', недель: 'weeks',
    месяц: 'months', месяца: 'months', месяцев: 'months',
  },
  timeBefore: ['в'],
  timeAfter: ['час', 'часа', 'часов'],
  pm: ['вечера', 'дня'],
  every: ['каждый', 'каждую', 'каждое'],
  examples: 'завтра в 17:00, послезавтра, в следующий понедельник, через 3 дня, 16.12.2026, каждый вторник',
};
