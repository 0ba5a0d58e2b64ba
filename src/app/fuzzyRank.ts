// Ranks items by how well their text matches what the person typed: the one ranking every picker and the palette share.

/**
 * Match tiers, best first. A lower tier always wins; inside a tier an earlier or tighter match wins, then the
 * shorter text (closer to exact), then the input order.
 */
const Tier = {
  Exact: 0,
  TitleStart: 1,
  WordStart: 2,
  InWord: 3,
  /** Several typed words, each found at the start of a word, in any order ("err week"). */
  TermsAtWordStarts: 4,
  /** Several typed words, each found somewhere. */
  Terms: 5,
  /** The typed letters in order with gaps ("wkd" in "weekend"). */
  Subsequence: 6,
} as const;
type Tier = (typeof Tier)[keyof typeof Tier];

// A sort key packs tier, detail, length and input index into one integer below 2^53, so the matches sort as
// a Float64Array (numeric, no comparator calls): tier 3 bits, detail 12 bits, length 16 bits, index 21 bits.
const INDEX_BITS = 2 ** 21;
const LENGTH_BITS = 2 ** 16;
const DETAIL_BITS = 2 ** 12;
const MAX_INDEXED = INDEX_BITS;

const COMBINING_MARKS = /[\u0300-\u036f]/g;
const NON_ASCII = /[\u0080-\uffff]/;

// Folding is the costliest step per item; the same titles are folded again on every keystroke, so it is cached.
// The cap keeps a long session from holding every string it ever saw.
const foldCache = new Map<string, string>();
const FOLD_CACHE_MAX = 50_000;

/** Lower case without accents, so "é" matches "e" and "Ä" matches "a". */
export function foldText(text: string): string {
  const cached = foldCache.get(text);
  if (cached !== undefined) return cached;
  let folded = text.toLowerCase();
  if (NON_ASCII.test(folded)) folded = folded.normalize('NFD').replace(COMBINING_MARKS, '').replace(/ß/g, 'ss');
  if (foldCache.size >= FOLD_CACHE_MAX) foldCache.clear();
  foldCache.set(text, folded);
  return folded;
}

function isWordChar(code: number): boolean {
  // Letters and digits of any script count as word characters; punctuation, spaces and symbols separate words.
  if (code < 128) return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
  return /[\p{L}\p{N}]/u.test(String.fromCharCode(code));
}

function atWordStart(hay: string, at: number): boolean {
  return at === 0 || !isWordChar(hay.charCodeAt(at - 1));
}

/** The first occurrence of `needle` at a word start, else -1. */
function wordStartIndex(hay: string, needle: string, from: number): number {
  let at = hay.indexOf(needle, from);
  while (at !== -1) {
    if (atWordStart(hay, at)) return at;
    at = hay.indexOf(needle, at + 1);
  }
  return -1;
}

/**
 * Greedy in-order match of `letters`: how many other characters come before and between them (so a match that
 * starts early and stays tight scores low), or -1 when the letters are not all there in order.
 */
function subsequenceGap(hay: string, letters: string): number {
  let pos = -1;
  for (let i = 0; i < letters.length; i += 1) {
    pos = hay.indexOf(letters[i], pos + 1);
    if (pos === -1) return -1;
  }
  return pos + 1 - letters.length;
}

type Texts = string | readonly string[];
interface FoldedTexts {
  raw: Texts[];
  folded: Texts[];
}

// Per items array, the texts as last seen and folded. A picker ranks the same array on every keystroke, and
// checking that text(item) still returns the same string is a pointer comparison, far cheaper than a map lookup.
const foldedByItems = new WeakMap<readonly unknown[], FoldedTexts>();

function sameTexts(a: Texts | undefined, b: Texts): boolean {
  if (a === b) return true;
  if (typeof a === 'string' || typeof b === 'string' || a === undefined || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

function foldedTexts<T>(items: readonly T[], n: number, text: (item: T) => Texts): Texts[] {
  let cache = foldedByItems.get(items);
  if (!cache) {
    cache = { raw: new Array(n), folded: new Array(n) };
    foldedByItems.set(items, cache);
  }
  const { raw, folded } = cache;
  for (let i = 0; i < n; i += 1) {
    const t = text(items[i]);
    if (sameTexts(raw[i], t)) continue;
    raw[i] = t;
    folded[i] = typeof t === 'string' ? foldText(t) : t.map(foldText);
  }
  return folded;
}

interface Query {
  whole: string;
  terms: string[];
  letters: string;
}

/** The best key (lower is better) for one text, without the index part; Infinity when it does not match. */
function keyFor(hay: string, q: Query): number {
  const at = hay.indexOf(q.whole);
  let tier: Tier;
  let detail = 0;
  if (at === 0) tier = hay.length === q.whole.length ? Tier.Exact : Tier.TitleStart;
  else if (at > 0) {
    const ws = atWordStart(hay, at) ? at : wordStartIndex(hay, q.whole, at + 1);
    tier = ws === -1 ? Tier.InWord : Tier.WordStart;
    detail = ws === -1 ? at : ws;
  } else if (q.terms.length > 1) {
    let allAtWordStart = true;
    for (const term of q.terms) {
      const ws = wordStartIndex(hay, term, 0);
      if (ws !== -1) {
        detail += ws;
        continue;
      }
      allAtWordStart = false;
      const inside = hay.indexOf(term);
      if (inside === -1) return subsequenceKey(hay, q);
      detail += inside;
    }
    tier = allAtWordStart ? Tier.TermsAtWordStarts : Tier.Terms;
  } else return subsequenceKey(hay, q);
  return pack(tier, detail, hay.length);
}

function subsequenceKey(hay: string, q: Query): number {
  // One letter that is not a substring cannot be a subsequence either; two letters spread anywhere match too much.
  if (q.letters.length < 2) return Infinity;
  const gap = subsequenceGap(hay, q.letters);
  return gap === -1 ? Infinity : pack(Tier.Subsequence, gap, hay.length);
}

function pack(tier: Tier, detail: number, length: number): number {
  return ((tier * DETAIL_BITS + Math.min(detail, DETAIL_BITS - 1)) * LENGTH_BITS + Math.min(length, LENGTH_BITS - 1)) * INDEX_BITS;
}

/**
 * The items whose text matches `query`, best first (exact, then start of the title, start of a word, inside a
 * word, then fuzzier matches), at most `limit` of them. Case and accents are ignored. An empty query keeps the
 * input order. `text` may give several strings per item (a user's name and username); the best one counts.
 */
export function rankByText<T>(query: string, items: readonly T[], text: (item: T) => string | readonly string[], limit = Infinity): T[] {
  const whole = foldText(query.trim().replace(/\s+/g, ' '));
  if (whole === '') return items.slice(0, limit);
  const terms = whole.split(' ');
  const q: Query = { whole, terms, letters: terms.join('') };

  const n = Math.min(items.length, MAX_INDEXED);
  const folded = foldedTexts(items, n, text);
  const keys = new Float64Array(n);
  let found = 0;
  for (let i = 0; i < n; i += 1) {
    const f = folded[i];
    let best = Infinity;
    if (typeof f === 'string') best = keyFor(f, q);
    else
      for (const s of f) {
        const k = keyFor(s, q);
        if (k < best) best = k;
      }
    if (best !== Infinity) keys[found++] = best + i;
  }
  const sorted = keys.subarray(0, found).sort();
  const count = Math.min(found, limit);
  const out: T[] = new Array(count);
  for (let k = 0; k < count; k += 1) out[k] = items[sorted[k] % INDEX_BITS];
  return out;
}
