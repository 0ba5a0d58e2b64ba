// Benchmark of the quick-add parser: parses per second over a mixed corpus of realistic lines, and the cost of very long lines.
import { PrefixMode, parseTaskText } from '../../parsers/index.js';
import type { BenchResult } from './run.js';

const NOW = new Date(2022, 1, 17, 14, 30);

const subjects = [
  'Buy milk', 'Call mom', 'Review pull request for the login page', 'Renew passport', 'Pay electricity bill',
  'Order wedding cake', 'Take photo of saturn', 'Check money transfer', 'Renovation meeting with the architect',
  'Write quarterly report', 'Book dentist appointment', 'Water the plants', 'Update github issue tracker',
  'Prepare slides for the team sync', 'Send invoice to anna@example.com', 'Clean the garage', 'Plan the sprint',
];
const extras = [
  '', '', '', 'today', 'tomorrow', 'tomorrow at 17:00', 'next monday', 'this weekend', 'later this week',
  'next week', 'next month', 'end of month', 'friday', 'sat', 'next wed at 9am', '17th', '3.', 'march 5',
  '17 jan 2027', '17/02/2027', '2027-02-17', 'in 3 days', 'in 2 hours', 'at 15:00', '@ 3pm', 'every day',
  'every 2 weeks', 'each three months', 'monthly', 'anually', '*work', "*'deep work'", '+Shopping',
  "+'My List'", '!3', '!5', '@anna', '*home +Chores !2', '*errands tomorrow at 10:00 every week',
];

function corpus(size: number): string[] {
  // A fixed pseudo-random mix, so every run measures the same lines.
  let seed = 42;
  const rand = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const lines: string[] = [];
  for (let i = 0; i < size; i += 1) {
    const parts = [subjects[rand(subjects.length)]];
    const count = rand(4);
    for (let k = 0; k < count; k += 1) parts.splice(rand(parts.length + 1), 0, extras[rand(extras.length)]);
    lines.push(parts.filter(Boolean).join(' '));
  }
  return lines;
}

function time(fn: () => void): number {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

function longLine(bytes: number, words: readonly string[]): string {
  let text = '';
  for (let i = 0; text.length < bytes; i += 1) text += `${words[i % words.length]} `;
  return text.slice(0, bytes);
}

export default async function bench(): Promise<BenchResult[]> {
  const lines = corpus(1000);
  // Warm up the JIT before measuring.
  for (let r = 0; r < 20; r += 1) for (const line of lines) parseTaskText(line, PrefixMode.Default, NOW);

  let best = Infinity;
  const rounds = 10;
  for (let r = 0; r < rounds; r += 1) {
    best = Math.min(best, time(() => {
      for (const line of lines) parseTaskText(line, PrefixMode.Default, NOW);
    }));
  }
  const perSecond = (lines.length / best) * 1000;

  let todoistBest = Infinity;
  for (let r = 0; r < rounds; r += 1) {
    todoistBest = Math.min(todoistBest, time(() => {
      for (const line of lines) parseTaskText(line, PrefixMode.Todoist, NOW);
    }));
  }

  // Long lines: ordinary prose, a worst case full of date and prefix candidates, and unclosed quotes.
  const prose = longLine(10_240, ['lorem', 'ipsum', 'dolor', 'sit', 'amet', 'github', 'saturn', 'renewed']);
  const dense = longLine(10_240, ['next', 'in', '3', 'at', '17th', 'jan', 'every', 'two', '*a', '!9', "*'x", '+"y', '@', '12/12/20']);
  const unclosed = longLine(10_240, ["*'a", '*"b', 'c']);
  const huge = longLine(102_400, ['next', 'in', '3', 'at', '17th', 'jan', 'every', 'two', '*a', '!9', "*'x", '+"y', '@', '12/12/20']);
  const longTime = (text: string): number => {
    parseTaskText(text, PrefixMode.Default, NOW);
    let t = Infinity;
    for (let r = 0; r < 5; r += 1) t = Math.min(t, time(() => parseTaskText(text, PrefixMode.Default, NOW)));
    return t;
  };
  const denseMs = longTime(dense);
  const hugeMs = longTime(huge);

  return [
    { name: 'parseTaskText, 1,000 mixed lines (vikunja mode)', value: perSecond, unit: 'parses/s', budget: 50_000, kind: 'min' },
    { name: 'parseTaskText, 1,000 mixed lines (todoist mode)', value: (lines.length / todoistBest) * 1000, unit: 'parses/s', budget: 50_000, kind: 'min' },
    { name: 'parseTaskText, 10 KB line of prose', value: longTime(prose), unit: 'ms', budget: 10, kind: 'max' },
    { name: 'parseTaskText, 10 KB line dense with candidates', value: denseMs, unit: 'ms', budget: 10, kind: 'max' },
    { name: 'parseTaskText, 10 KB line of unclosed quotes', value: longTime(unclosed), unit: 'ms', budget: 10, kind: 'max' },
    { name: 'parseTaskText, 100 KB dense line', value: hugeMs, unit: 'ms', budget: 100, kind: 'max' },
    // Linear time: ten times the input should cost about ten times as much (well under 100x for quadratic).
    { name: 'time ratio 100 KB / 10 KB (linear ≈ 10)', value: hugeMs / denseMs, unit: 'x', budget: 20, kind: 'max' },
  ];
}
