// calculateDayInterval for every named day and weekday.
import { describe, expect, it } from 'vitest';
import { calculateDayInterval } from '../../parsers/index.js';

const names = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

const table: Record<string, number[]> = {
  //            Su Mo Tu We Th Fr Sa
  today: [0, 0, 0, 0, 0, 0, 0],
  tomorrow: [1, 1, 1, 1, 1, 1, 1],
  nextMonday: [1, 7, 6, 5, 4, 3, 2],
  thisWeekend: [0, 5, 4, 3, 2, 1, 0],
  laterThisWeek: [0, 2, 2, 2, 2, 0, 0],
  laterNextWeek: [7, 9, 9, 9, 9, 7, 7],
  nextWeek: [7, 7, 7, 7, 7, 7, 7],
};

describe('calculateDayInterval', () => {
  for (const [name, days] of Object.entries(table)) {
    for (let weekday = 0; weekday < 7; weekday += 1) {
      it(`${name} on a ${names[weekday]} is ${days[weekday]}`, () => {
        expect(calculateDayInterval(name, weekday)).toBe(days[weekday]);
      });
    }
  }
  it('unknown names are today', () => {
    expect(calculateDayInterval('someday', 3)).toBe(0);
  });
  it('defaults to the current weekday', () => {
    expect(calculateDayInterval('nextMonday')).toBe(calculateDayInterval('nextMonday', new Date().getDay()));
  });
});
