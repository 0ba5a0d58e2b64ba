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

// One line set per quick-add language: its date words amid ordinary titles, parsed in that language.
const LANGUAGE_LINES: Record<string, { subjects: string[]; extras: string[] }> = {
  'de-DE': { subjects: ['Milch kaufen', 'Mama anrufen', 'Steuererklärung abgeben', 'Morgenrot fotografieren'], extras: ['morgen um 17 Uhr', 'übermorgen', 'nächsten Montag', 'in 3 Tagen', '16.12.', 'jeden Dienstag', 'am Freitag', 'am 15. Dezember'] },
  'fr-FR': { subjects: ['Acheter du lait', 'Appeler maman', 'Rendre le rapport'], extras: ['demain à 17h', 'après-demain', 'lundi prochain', 'dans 3 jours', '16/12', 'chaque mardi', 'le 15 décembre'] },
  'ru-RU': { subjects: ['Купить молоко', 'Позвонить маме', 'Сдать отчёт'], extras: ['завтра в 17:00', 'послезавтра', 'в следующий понедельник', 'через 3 дня', 'каждый вторник', '15 декабря 2026 года'] },
  'it-IT': { subjects: ['Comprare il latte', 'Chiamare la mamma'], extras: ['domani alle 17', 'dopodomani', 'lunedì prossimo', 'tra 3 giorni', 'ogni martedì', '15 dicembre'] },
  'pl-PL': { subjects: ['Kupić mleko', 'Zadzwonić do mamy'], extras: ['jutro o 17:00', 'pojutrze', 'w przyszły poniedziałek', 'za 3 dni', 'co wtorek', '15 grudnia'] },
  'cs-CZ': { subjects: ['Koupit mléko', 'Zavolat mámě'], extras: ['zítra v 17:00', 'pozítří', 'příští pondělí', 'za 3 dny', 'každé úterý', '15. prosince'] },
  'nl-NL': { subjects: ['Melk kopen', 'Mama bellen'], extras: ['morgen om 17:00', 'overmorgen', 'volgende maandag', 'over 3 dagen', 'elke dinsdag', '15 december'] },
  'pt-PT': { subjects: ['Comprar leite', 'Ligar à mãe'], extras: ['amanhã às 17h', 'depois de amanhã', 'próxima segunda', 'daqui a 3 dias', 'todas as terças', '15 de dezembro'] },
  'no-NO': { subjects: ['Kjøpe melk', 'Ringe mamma'], extras: ['i morgen kl 17', 'i overmorgen', 'neste mandag', 'om 3 dager', 'hver tirsdag', '15. desember'] },
  'vi-VN': { subjects: ['Mua sữa', 'Gọi cho mẹ'], extras: ['ngày mai lúc 17h', 'ngày kia', 'thứ hai tuần sau', '3 ngày nữa', 'mỗi thứ ba', 'ngày 15 tháng 12'] },
  'zh-CN': { subjects: ['买牛奶', '给妈妈打电话', '交报告'], extras: ['明天下午3点', '后天', '下周一', '3天后', '每周二', '12月15日'] },
};

function languageCorpus(size: number): [line: string, locale: string][] {
  let seed = 7;
  const rand = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const locales = Object.keys(LANGUAGE_LINES);
  const lines: [string, string][] = [];
  for (let i = 0; i < size; i += 1) {
    const locale = locales[i % locales.length];
    const { subjects: own, extras: ownExtras } = LANGUAGE_LINES[locale];
    const parts = [own[rand(own.length)]];
    const count = rand(3);
    for (let k = 0; k < count; k += 1) {
      // Mostly the language's own words, sometimes English ones and prefixes, as people mix them.
      const pool = rand(4) === 0 ? extras : ownExtras;
      parts.splice(rand(parts.length + 1), 0, pool[rand(pool.length)]);
    }
    lines.push([parts.filter(Boolean).join(locale === 'zh-CN' ? '' : ' '), locale]);
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

  // The same mixed English corpus read by a user whose language is German: the English words still
  // work, and the German table is consulted for every word too.
  let germanBest = Infinity;
  for (let r = 0; r < rounds; r += 1) {
    germanBest = Math.min(germanBest, time(() => {
      for (const line of lines) parseTaskText(line, PrefixMode.Default, NOW, 'de-DE');
    }));
  }

  const languageLines = languageCorpus(1100);
  for (let r = 0; r < 20; r += 1) for (const [line, locale] of languageLines) parseTaskText(line, PrefixMode.Default, NOW, locale);
  let languageBest = Infinity;
  for (let r = 0; r < rounds; r += 1) {
    languageBest = Math.min(languageBest, time(() => {
      for (const [line, locale] of languageLines) parseTaskText(line, PrefixMode.Default, NOW, locale);
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
    { name: 'parseTaskText, 1,000 mixed lines, user language de-DE', value: (lines.length / germanBest) * 1000, unit: 'parses/s', budget: 50_000, kind: 'min' },
    { name: 'parseTaskText, 1,100 lines in the 11 other languages', value: (languageLines.length / languageBest) * 1000, unit: 'parses/s', budget: 50_000, kind: 'min' },
    { name: 'parseTaskText, 10 KB line of prose', value: longTime(prose), unit: 'ms', budget: 10, kind: 'max' },
    { name: 'parseTaskText, 10 KB line dense with candidates', value: denseMs, unit: 'ms', budget: 10, kind: 'max' },
    { name: 'parseTaskText, 10 KB line of unclosed quotes', value: longTime(unclosed), unit: 'ms', budget: 10, kind: 'max' },
    { name: 'parseTaskText, 100 KB dense line', value: hugeMs, unit: 'ms', budget: 100, kind: 'max' },
    // Linear time: ten times the input should cost about ten times as much (well under 100x for quadratic).
    { name: 'time ratio 100 KB / 10 KB (linear ≈ 10)', value: hugeMs / denseMs, unit: 'x', budget: 20, kind: 'max' },
  ];
}
