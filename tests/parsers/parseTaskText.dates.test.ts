// Quick-add date parsing: every date form of spec §5 against fixed clocks (month ends, leap years, year end, near midnight).
import { describe, expect, it } from 'vitest';
import { PrefixMode, parseTaskText } from '../../parsers/index.js';
import { JAN31, LEAP, MON, NYE, SUN, THU, fmt } from './helpers.js';

type Case = [input: string, text: string, date: string | null];

function check(now: Date, cases: Case[]): void {
  it.each(cases)('%j → %j at %s', (input, text, date) => {
    const result = parseTaskText(input, PrefixMode.Default, now);
    expect(result.text).toBe(text);
    expect(fmt(result.date)).toBe(date);
  });
}

describe('named days on Thursday 17 Feb 2022, 14:30', () => {
  check(THU, [
    ['Lorem Ipsum today', 'Lorem Ipsum', '2022-02-17 09:00'],
    ['Lorem Ipsum ToDay', 'Lorem Ipsum', '2022-02-17 09:00'],
    ['today Lorem Ipsum', 'Lorem Ipsum', '2022-02-17 09:00'],
    ['Lorem today Ipsum', 'Lorem Ipsum', '2022-02-17 09:00'],
    ['Lorem Ipsum tomorrow', 'Lorem Ipsum', '2022-02-18 09:00'],
    ['Lorem Ipsum TOMORROW', 'Lorem Ipsum', '2022-02-18 09:00'],
    ['Lorem Ipsum next monday', 'Lorem Ipsum', '2022-02-21 09:00'],
    ['Lorem Ipsum nExt Monday', 'Lorem Ipsum', '2022-02-21 09:00'],
    ['Lorem Ipsum this weekend', 'Lorem Ipsum', '2022-02-19 09:00'],
    ['Lorem Ipsum later this week', 'Lorem Ipsum', '2022-02-19 09:00'],
    ['Lorem Ipsum later next week', 'Lorem Ipsum', '2022-02-26 09:00'],
    ['Lorem Ipsum next week', 'Lorem Ipsum', '2022-02-24 09:00'],
    ['Lorem Ipsum Next Week', 'Lorem Ipsum', '2022-02-24 09:00'],
    ['Lorem Ipsum next month', 'Lorem Ipsum', '2022-03-01 09:00'],
    ['Lorem Ipsum end of month', 'Lorem Ipsum', '2022-02-28 09:00'],
    ['Lorem Ipsum end of the month', 'Lorem Ipsum', '2022-02-28 09:00'],
  ]);
});

describe('weekday names on Thursday 17 Feb 2022 (the next such day after today)', () => {
  const expected: Record<string, string> = {
    monday: '2022-02-21',
    tuesday: '2022-02-22',
    wednesday: '2022-02-23',
    thursday: '2022-02-24',
    friday: '2022-02-18',
    saturday: '2022-02-19',
    sunday: '2022-02-20',
  };
  const cases: Case[] = [];
  for (const [name, day] of Object.entries(expected)) {
    const short = name.slice(0, 3);
    const capital = name[0].toUpperCase() + name.slice(1);
    for (const word of [name, short, capital, short.toUpperCase(), `next ${name}`, `next ${short}`, `Next ${capital}`]) {
      cases.push([`Lorem Ipsum ${word}`, 'Lorem Ipsum', `${day} 09:00`]);
    }
    cases.push([`${capital} Lorem Ipsum`, 'Lorem Ipsum', `${day} 09:00`]);
  }
  check(THU, cases);
});

describe('weekday names on Monday 14 Feb 2022 and Sunday 20 Feb 2022', () => {
  describe('Monday', () => {
    check(MON, [
      ['Lorem monday', 'Lorem', '2022-02-21 09:00'],
      ['Lorem mon', 'Lorem', '2022-02-21 09:00'],
      ['Lorem next monday', 'Lorem', '2022-02-21 09:00'],
      ['Lorem tuesday', 'Lorem', '2022-02-15 09:00'],
      ['Lorem sunday', 'Lorem', '2022-02-20 09:00'],
      ['Lorem this weekend', 'Lorem', '2022-02-19 09:00'],
      ['Lorem later this week', 'Lorem', '2022-02-16 09:00'],
      ['Lorem later next week', 'Lorem', '2022-02-23 09:00'],
    ]);
  });
  describe('Sunday', () => {
    check(SUN, [
      ['Lorem monday', 'Lorem', '2022-02-21 09:00'],
      ['Lorem next monday', 'Lorem', '2022-02-21 09:00'],
      ['Lorem sunday', 'Lorem', '2022-02-27 09:00'],
      ['Lorem saturday', 'Lorem', '2022-02-26 09:00'],
      ['Lorem this weekend', 'Lorem', '2022-02-20 09:00'],
      ['Lorem later this week', 'Lorem', '2022-02-20 09:00'],
      ['Lorem later next week', 'Lorem', '2022-02-27 09:00'],
      ['Lorem next week', 'Lorem', '2022-02-27 09:00'],
      ['Lorem today', 'Lorem', '2022-02-20 09:00'],
      ['Lorem end of month', 'Lorem', '2022-02-28 09:00'],
    ]);
  });
});

describe('day numbers on 17 Feb 2022', () => {
  check(THU, [
    ['Lorem Ipsum 17th', 'Lorem Ipsum', '2022-02-17 09:00'],
    ['Lorem Ipsum 17.', 'Lorem Ipsum', '2022-02-17 09:00'],
    ['Lorem Ipsum 18th', 'Lorem Ipsum', '2022-02-18 09:00'],
    ['Lorem Ipsum 16th', 'Lorem Ipsum', '2022-03-16 09:00'],
    ['Lorem Ipsum 16.', 'Lorem Ipsum', '2022-03-16 09:00'],
    ['Lorem Ipsum 1st', 'Lorem Ipsum', '2022-03-01 09:00'],
    ['Lorem Ipsum 2nd', 'Lorem Ipsum', '2022-03-02 09:00'],
    ['Lorem Ipsum 3rd', 'Lorem Ipsum', '2022-03-03 09:00'],
    ['Lorem Ipsum 21st', 'Lorem Ipsum', '2022-02-21 09:00'],
    ['Lorem Ipsum 22nd', 'Lorem Ipsum', '2022-02-22 09:00'],
    ['Lorem Ipsum 23rd', 'Lorem Ipsum', '2022-02-23 09:00'],
    ['Lorem Ipsum 28.', 'Lorem Ipsum', '2022-02-28 09:00'],
    ['Lorem Ipsum 28th', 'Lorem Ipsum', '2022-02-28 09:00'],
    // February 2022 has no 29th-31st: the next month that has them.
    ['Lorem Ipsum 29th', 'Lorem Ipsum', '2022-03-29 09:00'],
    ['Lorem Ipsum 30th', 'Lorem Ipsum', '2022-03-30 09:00'],
    ['Lorem Ipsum 31st', 'Lorem Ipsum', '2022-03-31 09:00'],
    ['Lorem Ipsum 31.', 'Lorem Ipsum', '2022-03-31 09:00'],
    ['Lorem 05th Ipsum', 'Lorem 05th Ipsum', null],
    ['Lorem Ipsum 17TH', 'Lorem Ipsum', '2022-02-17 09:00'],
    ['Lorem Ipsum 32nd', 'Lorem Ipsum 32nd', null],
    ['Lorem Ipsum 0th', 'Lorem Ipsum 0th', null],
    ['Lorem Ipsum 32.', 'Lorem Ipsum 32.', null],
    ['Lorem Ispum v1.1.1', 'Lorem Ispum v1.1.1', null],
    ['Lorem 1.1.1', 'Lorem 1.1.1', null],
    ['Version 3.5 released', 'Version 3.5 released', null],
    ['Lorem 17thx', 'Lorem 17thx', null],
    ['Lorem x17th', 'Lorem x17th', null],
  ]);
});

describe('day numbers at month ends', () => {
  describe('31 Jan 2022', () => {
    check(JAN31, [
      ['Lorem 31st', 'Lorem', '2022-01-31 09:00'],
      ['Lorem 30th', 'Lorem', '2022-03-30 09:00'],
      ['Lorem 29th', 'Lorem', '2022-03-29 09:00'],
      ['Lorem 28th', 'Lorem', '2022-02-28 09:00'],
      ['Lorem 1st', 'Lorem', '2022-02-01 09:00'],
      ['Lorem 15.', 'Lorem', '2022-02-15 09:00'],
    ]);
  });
  describe('28 Feb 2024 (leap year)', () => {
    check(LEAP, [
      ['Lorem 29th', 'Lorem', '2024-02-29 09:00'],
      ['Lorem 28th', 'Lorem', '2024-02-28 09:00'],
      ['Lorem 27th', 'Lorem', '2024-03-27 09:00'],
      ['Lorem 30th', 'Lorem', '2024-03-30 09:00'],
      ['Lorem 31st', 'Lorem', '2024-03-31 09:00'],
    ]);
  });
  describe('30 Jan 2023 (common year)', () => {
    check(new Date(2023, 0, 30, 16, 0), [
      ['Lorem 29th', 'Lorem', '2023-03-29 09:00'],
      ['Lorem 30th', 'Lorem', '2023-01-30 09:00'],
      ['Lorem 31st', 'Lorem', '2023-01-31 09:00'],
      ['Lorem 1st', 'Lorem', '2023-02-01 09:00'],
    ]);
  });
  describe('30 Jan 2024 (leap year)', () => {
    check(new Date(2024, 0, 30, 16, 0), [['Lorem 29th', 'Lorem', '2024-02-29 09:00']]);
  });
  describe('5 Apr 2022 (30-day month)', () => {
    check(new Date(2022, 3, 5, 9, 0), [
      ['Lorem 31st', 'Lorem', '2022-05-31 09:00'],
      ['Lorem 4th', 'Lorem', '2022-05-04 09:00'],
    ]);
  });
  describe('31 Dec 2022 23:50', () => {
    check(NYE, [
      ['Lorem 31st', 'Lorem', '2022-12-31 09:00'],
      ['Lorem 30th', 'Lorem', '2023-01-30 09:00'],
      ['Lorem 1st', 'Lorem', '2023-01-01 09:00'],
    ]);
  });
});

describe('month names with a day', () => {
  check(THU, [
    ['Lorem Ipsum march 5', 'Lorem Ipsum', '2022-03-05 09:00'],
    ['Lorem Ipsum 5 march', 'Lorem Ipsum', '2022-03-05 09:00'],
    ['Lorem Ipsum March 5th', 'Lorem Ipsum', '2022-03-05 09:00'],
    ['Lorem Ipsum 5th March', 'Lorem Ipsum', '2022-03-05 09:00'],
    ['Lorem Ipsum 5th of March', 'Lorem Ipsum', '2022-03-05 09:00'],
    ['Lorem Ipsum 5. march', 'Lorem Ipsum', '2022-03-05 09:00'],
    ['Lorem Ipsum mar 5', 'Lorem Ipsum', '2022-03-05 09:00'],
    ['Lorem Ipsum 27 jan Ad', 'Lorem Ipsum Ad', '2023-01-27 09:00'],
    ['Lorem Ipsum jan 27 Ad', 'Lorem Ipsum Ad', '2023-01-27 09:00'],
    ['Lorem Ipsum 27 january Ad', 'Lorem Ipsum Ad', '2023-01-27 09:00'],
    ['Lorem Ipsum january 27 Ad', 'Lorem Ipsum Ad', '2023-01-27 09:00'],
    ['Lorem Ipsum Jan 17th', 'Lorem Ipsum', '2023-01-17 09:00'],
    ['Lorem Ipsum feb 17', 'Lorem Ipsum', '2022-02-17 09:00'],
    ['Lorem Ipsum feb 16', 'Lorem Ipsum', '2023-02-16 09:00'],
    ['Lorem Ipsum feb 18', 'Lorem Ipsum', '2022-02-18 09:00'],
    ['Lorem Ipsum 17 jan 2027', 'Lorem Ipsum', '2027-01-17 09:00'],
    ['Lorem Ipsum jan 17 2027', 'Lorem Ipsum', '2027-01-17 09:00'],
    ['Lorem Ipsum jan 17, 2027', 'Lorem Ipsum', '2027-01-17 09:00'],
    ['Lorem Ipsum 17 jan 2021', 'Lorem Ipsum', '2021-01-17 09:00'],
    ['Lorem Ipsum 1 apr', 'Lorem Ipsum', '2022-04-01 09:00'],
    ['Lorem Ipsum 1 april', 'Lorem Ipsum', '2022-04-01 09:00'],
    ['Lorem Ipsum may 1', 'Lorem Ipsum', '2022-05-01 09:00'],
    ['Lorem Ipsum june 30', 'Lorem Ipsum', '2022-06-30 09:00'],
    ['Lorem Ipsum jun 30', 'Lorem Ipsum', '2022-06-30 09:00'],
    ['Lorem Ipsum july 4', 'Lorem Ipsum', '2022-07-04 09:00'],
    ['Lorem Ipsum jul 4', 'Lorem Ipsum', '2022-07-04 09:00'],
    ['Lorem Ipsum aug 8', 'Lorem Ipsum', '2022-08-08 09:00'],
    ['Lorem Ipsum august 8', 'Lorem Ipsum', '2022-08-08 09:00'],
    ['Lorem Ipsum sep 3', 'Lorem Ipsum', '2022-09-03 09:00'],
    ['Lorem Ipsum sept 3', 'Lorem Ipsum', '2022-09-03 09:00'],
    ['Lorem Ipsum september 3', 'Lorem Ipsum', '2022-09-03 09:00'],
    ['Lorem Ipsum oct 10', 'Lorem Ipsum', '2022-10-10 09:00'],
    ['Lorem Ipsum october 10', 'Lorem Ipsum', '2022-10-10 09:00'],
    ['Lorem Ipsum nov 11', 'Lorem Ipsum', '2022-11-11 09:00'],
    ['Lorem Ipsum november 11', 'Lorem Ipsum', '2022-11-11 09:00'],
    ['Lorem Ipsum dec 24', 'Lorem Ipsum', '2022-12-24 09:00'],
    ['Lorem Ipsum December 24', 'Lorem Ipsum', '2022-12-24 09:00'],
    ['Lorem Ipsum DEC 24', 'Lorem Ipsum', '2022-12-24 09:00'],
    ['Lorem Ipsum February 1', 'Lorem Ipsum', '2023-02-01 09:00'],
    ['Lorem Ipsum feb 30', 'Lorem Ipsum feb 30', null],
    ['Lorem Ipsum march', 'Lorem Ipsum march', null],
    ['March on', 'March on', null],
  ]);
});

describe('month names across leap years and year end', () => {
  describe('28 Feb 2024', () => {
    check(LEAP, [
      ['Lorem feb 29', 'Lorem', '2024-02-29 09:00'],
      ['Lorem 29 feb', 'Lorem', '2024-02-29 09:00'],
      ['Lorem feb 28', 'Lorem', '2024-02-28 09:00'],
      ['Lorem feb 27', 'Lorem', '2025-02-27 09:00'],
      ['Lorem 29 feb 2023', 'Lorem 29 feb 2023', null],
      ['Lorem 29 feb 2028', 'Lorem', '2028-02-29 09:00'],
    ]);
  });
  describe('1 Mar 2024', () => {
    check(new Date(2024, 2, 1, 12, 0), [['Lorem feb 29', 'Lorem', '2028-02-29 09:00']]);
  });
  describe('1 Mar 2023', () => {
    check(new Date(2023, 2, 1, 12, 0), [['Lorem feb 29', 'Lorem', '2024-02-29 09:00']]);
  });
  describe('31 Dec 2022 23:50', () => {
    check(NYE, [
      ['Lorem jan 1', 'Lorem', '2023-01-01 09:00'],
      ['Lorem dec 31', 'Lorem', '2022-12-31 09:00'],
      ['Lorem dec 30', 'Lorem', '2023-12-30 09:00'],
      ['Lorem 25 december', 'Lorem', '2023-12-25 09:00'],
    ]);
  });
});

describe('numeric dates', () => {
  check(THU, [
    ['Lorem Ipsum 17/02/2027', 'Lorem Ipsum', '2027-02-17 09:00'],
    ['Lorem Ipsum 17/2/2027', 'Lorem Ipsum', '2027-02-17 09:00'],
    ['Lorem Ipsum 17/02/27', 'Lorem Ipsum', '2027-02-17 09:00'],
    // English reads numeric dates month first (issue #23); day-first locales: parseTaskText.locales.test.ts.
    ['Lorem Ipsum 01/02/2023 ad', 'Lorem Ipsum ad', '2023-01-02 09:00'],
    ['Lorem Ipsum 6/7/21 ad', 'Lorem Ipsum ad', '2021-06-07 09:00'],
    ['Lorem Ipsum 27/07/2021 ad', 'Lorem Ipsum ad', '2021-07-27 09:00'],
    // Only the day-first reading is possible when the first number is above 12, and the other way round.
    ['Lorem Ipsum 06/26/2021 ad', 'Lorem Ipsum ad', '2021-06-26 09:00'],
    ['Lorem Ipsum 2027/02/17', 'Lorem Ipsum', '2027-02-17 09:00'],
    ['Lorem Ipsum 2021/07/06 ad', 'Lorem Ipsum ad', '2021-07-06 09:00'],
    ['Lorem Ipsum 2027-02-17', 'Lorem Ipsum', '2027-02-17 09:00'],
    ['Lorem Ipsum 2021-07-06 ad', 'Lorem Ipsum ad', '2021-07-06 09:00'],
    ['Lorem Ipsum 2027-2-7', 'Lorem Ipsum', '2027-02-07 09:00'],
    ['2027-02-17 Lorem Ipsum', 'Lorem Ipsum', '2027-02-17 09:00'],
    ['Lorem Ipsum 2024-02-29', 'Lorem Ipsum', '2024-02-29 09:00'],
    ['Lorem Ipsum 29/02/2024', 'Lorem Ipsum', '2024-02-29 09:00'],
    ['Lorem Ipsum 2023-02-29', 'Lorem Ipsum 2023-02-29', null],
    ['Lorem Ipsum 31/02/2022', 'Lorem Ipsum 31/02/2022', null],
    ['Lorem Ipsum 2022-13-01', 'Lorem Ipsum 2022-13-01', null],
    ['Lorem Ipsum 13/13/2022', 'Lorem Ipsum 13/13/2022', null],
    ['Lorem Ipsum 1/2', 'Lorem Ipsum 1/2', null],
    ['Lorem Ipsum 22-02-17', 'Lorem Ipsum 22-02-17', null],
    ['Lorem Ipsum x2027-02-17', 'Lorem Ipsum x2027-02-17', null],
  ]);
});

describe('"in N units"', () => {
  check(THU, [
    ['Lorem Ipsum in 1 hour', 'Lorem Ipsum', '2022-02-17 15:30'],
    ['Lorem Ipsum in 2 hours', 'Lorem Ipsum', '2022-02-17 16:30'],
    ['Lorem Ipsum in 12 hours', 'Lorem Ipsum', '2022-02-18 02:30'],
    ['Lorem Ipsum in 1 day', 'Lorem Ipsum', '2022-02-18 09:00'],
    ['Lorem Ipsum in 3 days', 'Lorem Ipsum', '2022-02-20 09:00'],
    ['Lorem Ipsum in 1 week', 'Lorem Ipsum', '2022-02-24 09:00'],
    ['Lorem Ipsum in 2 weeks', 'Lorem Ipsum', '2022-03-03 09:00'],
    ['Lorem Ipsum in 4 weeks', 'Lorem Ipsum', '2022-03-17 09:00'],
    ['Lorem Ipsum in 1 month', 'Lorem Ipsum', '2022-03-17 09:00'],
    ['Lorem Ipsum in 4 months', 'Lorem Ipsum', '2022-06-17 09:00'],
    ['Lorem Ipsum In 3 Days', 'Lorem Ipsum', '2022-02-20 09:00'],
    ['in 3 days Lorem Ipsum', 'Lorem Ipsum', '2022-02-20 09:00'],
    ['Lorem in 3 days at 9am', 'Lorem', '2022-02-20 09:00'],
    ['Lorem Ipsum in stock', 'Lorem Ipsum in stock', null],
    ['Lorem Ipsum in 3 apples', 'Lorem Ipsum in 3 apples', null],
    ['Lorem Ipsum in days', 'Lorem Ipsum in days', null],
  ]);
  describe('across month and year ends', () => {
    check(JAN31, [['Lorem in 1 month', 'Lorem', '2022-02-28 09:00']]);
    check(NYE, [
      ['Lorem in 2 hours', 'Lorem', '2023-01-01 01:50'],
      ['Lorem in 1 day', 'Lorem', '2023-01-01 09:00'],
      ['Lorem in 2 months', 'Lorem', '2023-02-28 09:00'],
    ]);
  });
});

describe('times with "at" or "@"', () => {
  const times: [string, string][] = [
    ['at 15:00', '15:00'],
    ['@ 15:00', '15:00'],
    ['at 15:30', '15:30'],
    ['@ 3pm', '15:00'],
    ['at 3pm', '15:00'],
    ['at 3 pm', '15:00'],
    ['at 3PM', '15:00'],
    ['at 3am', '03:00'],
    ['at 3 am', '03:00'],
    ['at 3:12 am', '03:12'],
    ['at 3:12am', '03:12'],
    ['at 3:12 pm', '15:12'],
    ['at 12pm', '12:00'],
    ['at 12am', '00:00'],
    ['at 12:30am', '00:30'],
    ['at 9', '09:00'],
    ['at 21', '21:00'],
    ['at 0:05', '00:05'],
    ['AT 17:00', '17:00'],
  ];
  const cases: Case[] = [];
  for (const [time, hm] of times) {
    cases.push([`Lorem Ipsum today ${time}`, 'Lorem Ipsum', `2022-02-17 ${hm}`]);
    cases.push([`Lorem Ipsum tomorrow ${time}`, 'Lorem Ipsum', `2022-02-18 ${hm}`]);
    cases.push([`Lorem Ipsum ${time} tomorrow`, 'Lorem Ipsum', `2022-02-18 ${hm}`]);
  }
  check(THU, cases);
  check(THU, [
    ['Lorem monday at 9am', 'Lorem', '2022-02-21 09:00'],
    ['Lorem next monday at 17:00 Ipsum', 'Lorem Ipsum', '2022-02-21 17:00'],
    ['Lorem 17 jan at 8:15', 'Lorem', '2023-01-17 08:15'],
    ['Lorem 2027-02-17 at 10:00', 'Lorem', '2027-02-17 10:00'],
    ['Lorem 20th @ 6pm', 'Lorem', '2022-02-20 18:00'],
    ['Lorem end of month at 23:59', 'Lorem', '2022-02-28 23:59'],
    ['Lorem next week at 8', 'Lorem', '2022-02-24 08:00'],
    // A time alone means today.
    ['Lorem at 15:00', 'Lorem', '2022-02-17 15:00'],
    ['Lorem at 5pm', 'Lorem', '2022-02-17 17:00'],
    ['Lorem @ 9:30', 'Lorem', '2022-02-17 09:30'],
    // "at" without a clear time is an ordinary word.
    ['Look at 3 options', 'Look at 3 options', null],
    ['Meet at the station', 'Meet at the station', null],
    ['Lorem at 25:00', 'Lorem at 25:00', null],
    ['Lorem at 13pm', 'Lorem at 13pm', null],
    ['Lorem at 10:75', 'Lorem at 10:75', null],
    // With a date, a time anywhere in the text applies.
    ['Lorem at 5pm Ipsum tomorrow', 'Lorem Ipsum', '2022-02-18 17:00'],
  ]);
  describe('near midnight', () => {
    check(NYE, [
      ['Lorem today', 'Lorem', '2022-12-31 09:00'],
      ['Lorem today at 23:55', 'Lorem', '2022-12-31 23:55'],
      ['Lorem tomorrow', 'Lorem', '2023-01-01 09:00'],
      ['Lorem tomorrow at 0:15', 'Lorem', '2023-01-01 00:15'],
      ['Lorem next week', 'Lorem', '2023-01-07 09:00'],
      ['Lorem next month', 'Lorem', '2023-01-01 09:00'],
      ['Lorem end of month', 'Lorem', '2022-12-31 09:00'],
      ['Lorem this weekend', 'Lorem', '2022-12-31 09:00'],
      ['Lorem later this week', 'Lorem', '2022-12-31 09:00'],
      ['Lorem later next week', 'Lorem', '2023-01-07 09:00'],
      ['Lorem next monday', 'Lorem', '2023-01-02 09:00'],
      ['Lorem sunday', 'Lorem', '2023-01-01 09:00'],
      ['Lorem saturday', 'Lorem', '2023-01-07 09:00'],
      ['Lorem sat', 'Lorem', '2023-01-07 09:00'],
      ['Lorem 1/1/2023', 'Lorem', '2023-01-01 09:00'],
    ]);
  });
  describe('one default time whatever the hour of typing (issue 31)', () => {
    for (const hour of [0, 7, 9, 10, 12, 13, 15, 16, 18, 19, 21, 22, 23]) {
      check(new Date(2022, 1, 17, hour, 45), [['Lorem tomorrow', 'Lorem', '2022-02-18 09:00']]);
    }
  });
});

describe('date words only as whole words', () => {
  check(THU, [
    ['github', 'github', null],
    ['renewed', 'renewed', null],
    ['take photo of saturn', 'take photo of saturn', null],
    ['check money', 'check money', null],
    ['Renovation', 'Renovation', null],
    ['order wedding cake', 'order wedding cake', null],
    ['monkey business', 'monkey business', null],
    ['Mondays are hard', 'Mondays are hard', null],
    ['Sunday-school', 'Sunday-school', null],
    ['satisfy the customer', 'satisfy the customer', null],
    ['fix the thumbnail', 'fix the thumbnail', null],
    ['frisbee golf', 'frisbee golf', null],
    ['suntan lotion', 'suntan lotion', null],
    ['monitor the server', 'monitor the server', null],
    ['thunderstorm prep', 'thunderstorm prep', null],
    ['tuesdays meeting', 'tuesdays meeting', null],
    ['todays list', 'todays list', null],
    ['tomorrowland tickets', 'tomorrowland tickets', null],
    ['the nextweek thing', 'the nextweek thing', null],
    ['weekend plans', 'weekend plans', null],
    ['update the Wednesdays sheet', 'update the Wednesdays sheet', null],
    ['Marching band', 'Marching band', null],
    ['mayday 5', 'mayday 5', null],
    ['janitor 17', 'janitor 17', null],
    ['decide 24 things', 'decide 24 things', null],
    ['augment 8 files', 'augment 8 files', null],
    ['novel 11 chapters', 'novel 11 chapters', null],
    ['later this weekday', 'later this weekday', null],
    ['octopus 3', 'octopus 3', null],
    ['a.mon.b', 'a.mon.b', null],
    ['email@today.com', 'email@today.com', null],
    ['http://example.com/tomorrow', 'http://example.com/tomorrow', null],
  ]);
});

describe('punctuation around date words', () => {
  check(THU, [
    ['Call mom tomorrow.', 'Call mom.', '2022-02-18 09:00'],
    ['Meeting today, then lunch', 'Meeting, then lunch', '2022-02-17 09:00'],
    ['Is it due tomorrow?', 'Is it?', '2022-02-18 09:00'],
    ['Lorem (tomorrow)', 'Lorem', '2022-02-18 09:00'],
    ['Lorem (tomorrow at 5pm) Ipsum', 'Lorem Ipsum', '2022-02-18 17:00'],
    // Quoted text is kept as typed (issue #23): see parseTaskText.literal.test.ts.
    ['Lorem "tomorrow" Ipsum', 'Lorem "tomorrow" Ipsum', null],
    ["Lorem 'next week'", "Lorem 'next week'", null],
    ['Lorem (due tomorrow)', 'Lorem', '2022-02-18 09:00'],
    ['Lorem (tomorrow due)', 'Lorem (due)', '2022-02-18 09:00'],
    ['Meet jan 17, then go', 'Meet, then go', '2023-01-17 09:00'],
    ['Meet 17 jan, then go', 'Meet, then go', '2023-01-17 09:00'],
    ['Due: tomorrow', 'Due:', '2022-02-18 09:00'],
    ['Lorem jan. 17', 'Lorem', '2023-01-17 09:00'],
  ]);
});

describe('several dates: the most specific kind wins, then the longest phrase, then the last; the rest stays', () => {
  check(THU, [
    ['Lorem today tomorrow', 'Lorem today', '2022-02-18 09:00'],
    ['Study for monday exam next monday', 'Study for monday exam', '2022-02-21 09:00'],
    ['Lorem next friday or monday', 'Lorem or monday', '2022-02-18 09:00'],
    ['Lorem tuesday or monday', 'Lorem tuesday or', '2022-02-21 09:00'],
    ['Lorem in 2 days in 3 days', 'Lorem in 2 days', '2022-02-20 09:00'],
    ['Lorem 18th today', 'Lorem 18th', '2022-02-17 09:00'],
    ['Lorem monday 5 march', 'Lorem monday', '2022-03-05 09:00'],
    ['Lorem friday in 3 days', 'Lorem in 3 days', '2022-02-18 09:00'],
  ]);
});

describe('spacing of the remaining title', () => {
  check(THU, [
    ['  Lorem Ipsum today  ', 'Lorem Ipsum', '2022-02-17 09:00'],
    ['Lorem  Ipsum today', 'Lorem  Ipsum', '2022-02-17 09:00'],
    ['Lorem today  Ipsum', 'Lorem Ipsum', '2022-02-17 09:00'],
    ['Lorem\ttoday Ipsum', 'Lorem\tIpsum', '2022-02-17 09:00'],
    ['today', '', '2022-02-17 09:00'],
    ['Lorem Ipsum', 'Lorem Ipsum', null],
    ['  Lorem Ipsum  ', 'Lorem Ipsum', null],
  ]);
});

describe('disabled mode reads no dates', () => {
  it.each(['Lorem Ipsum today', 'Lorem next monday at 15:00', 'Lorem 17th'])('%j', (input) => {
    const result = parseTaskText(input, PrefixMode.Disabled, THU);
    expect(result.text).toBe(input);
    expect(result.date).toBeNull();
  });
});

describe('todoist mode reads the same dates', () => {
  it.each([
    ['Lorem Ipsum tomorrow', '2022-02-18 09:00'],
    ['Lorem Ipsum tomorrow @ 3pm', '2022-02-18 15:00'],
    ['Lorem Ipsum 5 march', '2022-03-05 09:00'],
  ])('%j', (input, date) => {
    const result = parseTaskText(input, PrefixMode.Todoist, THU);
    expect(result.text).toBe('Lorem Ipsum');
    expect(fmt(result.date)).toBe(date);
  });
});
