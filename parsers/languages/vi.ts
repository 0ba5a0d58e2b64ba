// Vietnamese quick-add date words; the words of a phrase are separate syllables, so most phrases are two or three words long.
import type { WordTable } from './wordTable.js';

const weekdays: Record<string, number> = { 'chủ nhật': 0 };
['hai', 'ba', 'tư', 'năm', 'sáu', 'bảy'].forEach((name, i) => {
  weekdays[`thứ ${name}`] = i + 1;
  weekdays[`thứ ${i + 2}`] = i + 1;
});

// "tháng 12" or the month in words ("tháng mười hai"); not "tháng giêng" and "tháng chạp", which name months of the lunar calendar.
const months: Record<string, number> = {};
['một', 'hai', 'ba', 'tư', 'năm', 'sáu', 'bảy', 'tám', 'chín', 'mười', 'mười một', 'mười hai'].forEach((name, i) => {
  months[`tháng ${name}`] = i;
  months[`tháng ${i + 1}`] = i;
  months[`tháng ${String(i + 1).padStart(2, '0')}`] = i;
});

export const vi: WordTable = {
  locales: ['vi-VN'],
  days: { 'hôm nay': 0, 'ngày mai': 1, 'ngày kia': 2, 'ngày mốt': 2 },
  tonight: ['tối nay', 'đêm nay'],
  dateWords: ['vào', 'trước', 'hạn', 'hạn chót', 'đến', 'vào ngày', 'trước ngày', 'đến ngày'],
  weekdays,
  weekdayBefore: ['vào'],
  weekdayAfter: ['tới', 'này', 'tuần sau', 'tuần tới'],
  // "thứ hai" is also "second": not after the words it counts ("lần thứ hai", the second time).
  weekdayNotAfter: ['lần', 'người', 'bước', 'phần', 'chương', 'hạng', 'số', 'lớp', 'tầng', 'bài', 'đợt', 'vòng', 'kỳ'],
  inBefore: ['sau', 'trong'],
  inAfter: ['nữa'],
  numbers: { một: 1, hai: 2, ba: 3 },
  units: { giờ: 'hours', tiếng: 'hours', ngày: 'days', tuần: 'weeks', tháng: 'months' },
  timeBefore: ['lúc', 'vào lúc'],
  timeBeforeStrict: ['lúc'],
  timeAfter: ['giờ', 'h'],
  hourLetter: 'h',
  pm: ['chiều', 'tối'],
  every: ['mỗi', 'hàng'],
  months,
  yearBefore: ['năm'],
  dayBefore: ['ngày'],
  examples: 'ngày mai lúc 17h, tối nay, trước thứ sáu, ngày kia, thứ hai tuần sau, 3 ngày nữa, 15 tháng 12, 16/12, mỗi thứ ba',
};
