// Reads a palette query with quick-add: the recognised list, labels and assignees, and the text left to search titles with.
import { parseTaskText, textWithoutTokens, type ParsedTaskText } from '../../../parsers';

export interface PaletteQuery extends ParsedTaskText {
  /** The query without any recognised token, spaces collapsed. */
  text: string;
}

export function parsePaletteQuery(query: string, mode: string, now: Date = new Date(), locale = 'en'): PaletteQuery {
  const parsed = parseTaskText(query, mode, now, locale);
  return { ...parsed, text: textWithoutTokens(query, parsed.tokens).replace(/\s+/g, ' ').trim() };
}
