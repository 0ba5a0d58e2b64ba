// A fuzzy index over task and list titles for the palette (uFuzzy; measured in tests/bench/palette.bench.ts).
import uFuzzy from '@leeoniya/ufuzzy';

export interface SearchItem {
  id: number;
  title: string;
}

/**
 * A fuzzy index over titles. uFuzzy filters 10,000+ titles in about a millisecond; the costlier ranking
 * pass only runs on the first matches, because a one-letter query can match most of the haystack.
 */
export interface SearchIndex<T extends SearchItem> {
  search(needle: string, limit: number): T[];
  size: number;
}

const RANK_LIMIT = 200;

export function createSearchIndex<T extends SearchItem>(items: readonly T[]): SearchIndex<T> {
  const haystack = items.map((i) => i.title);
  // intraMode 1 tolerates one typo per term; out-of-order terms are allowed below.
  const uf = new uFuzzy({ intraMode: 1, intraIns: 1 });
  // Typing extends the query, and a longer query only ever matches a subset, so the next keystroke filters
  // the previous matches instead of the whole haystack.
  let lastNeedle = '';
  let lastIdxs: number[] | null = null;
  return {
    size: items.length,
    search(needle, limit) {
      const q = needle.trim();
      if (q === '') return items.slice(0, limit);
      if (q.length === 1) {
        // One character matches thousands of titles: a literal scan that stops at the limit is cheaper than ranking.
        lastNeedle = '';
        lastIdxs = null;
        const c = q.toLocaleLowerCase();
        const out: T[] = [];
        for (let i = 0; i < haystack.length && out.length < limit; i += 1) if (haystack[i].toLocaleLowerCase().includes(c)) out.push(items[i]);
        return out;
      }
      const narrowing = lastIdxs !== null && lastNeedle !== '' && q.startsWith(lastNeedle);
      const idxs = narrowing ? uf.filter(haystack, q, lastIdxs!) : uf.filter(haystack, q);
      lastNeedle = q;
      lastIdxs = idxs;
      if (!idxs || idxs.length === 0) return [];
      if (idxs.length > RANK_LIMIT) {
        // Too many to rank cheaply: prefer titles containing the needle literally, then the rest in order.
        const lower = q.toLocaleLowerCase();
        const exact: T[] = [];
        const other: T[] = [];
        for (const i of idxs) {
          if (exact.length >= limit) break;
          (haystack[i].toLocaleLowerCase().includes(lower) ? exact : other).push(items[i]);
        }
        return exact.concat(other).slice(0, limit);
      }
      const info = uf.info(idxs, haystack, q);
      const order = uf.sort(info, haystack, q);
      const out: T[] = [];
      for (let k = 0; k < order.length && out.length < limit; k += 1) out.push(items[info.idx[order[k]]]);
      return out;
    },
  };
}

