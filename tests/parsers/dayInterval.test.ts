// calculateDayInterval for every named day and weekday, and calculateNearestHours for every hour.
import { describe, expect, it } from 'vitest';
import { calculateDayInterval, calculateNearestHours } from '../../parsers/index.js';

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

describe('calculateNearestHours', () => {
  const expected = [9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 12, 12, 12, 15, 15, 15, 18, 18, 18, 21, 21, 21, 9, 9];
  for (let hour = 0; hour < 24; hour += 1) {
    it(`${hour}:00 and ${hour}:59 give ${expected[hour]}`, () => {
      expect(calculateNearestHours(new Date(2022, 1, 17, hour, 0))).toBe(expected[hour]);
      expect(calculateNearestHours(new Date(2022, 1, 17, hour, 59))).toBe(expected[hour]);
    });
  }
});
