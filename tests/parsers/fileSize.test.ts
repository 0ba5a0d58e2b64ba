import { describe, expect, it } from 'vitest';
import { parseFileSize } from '../../parsers';

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

describe('parseFileSize', () => {
  it.each([
    ['20MB', 20 * MB],
    ['20M', 20 * MB],
    ['20mb', 20 * MB],
    ['20MiB', 20 * MB],
    [' 512 KB ', 512 * KB],
    ['1.5GB', 1.5 * GB],
    ['2T', 2 * 1024 * GB],
    ['100', 100],
    ['100B', 100],
    ['0MB', 0],
  ])('%j → %d bytes', (text, bytes) => {
    expect(parseFileSize(text)).toBe(bytes);
  });

  it.each(['', 'lots', 'MB', '-5MB', '5 PB', '5MBs', '1,5MB'])('%j is unreadable', (text) => {
    expect(parseFileSize(text)).toBeNull();
  });
});
