// The colours of a label chip: its default background and the text colour that reads on a background.
import { luminance, readableTextOn } from './readableText';

export const DEFAULT_LABEL_COLOR = 'e8e8e8';
export const LABEL_TEXT_DARK = '4a4a4a';
export const LABEL_TEXT_LIGHT = 'ffffff';

/**
 * Dark text (#4a4a4a) or white by the colour's luminance (spec), whichever reads better; on the mid colours where
 * neither reaches 4.5:1 (the default task blue among them) black is used, so every label stays readable.
 */
export function textColorFor(hex: string): string {
  if (luminance(hex) === null) return LABEL_TEXT_DARK;
  return readableTextOn(hex, [LABEL_TEXT_DARK, LABEL_TEXT_LIGHT]);
}
