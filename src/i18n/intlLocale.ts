// The standard language tag of an app locale, for Intl and for the page's lang attribute.

/**
 * "de-swiss" is this app's own name: Intl would read it as plain German (1.234,5) and screen readers as German,
 * while it is Swiss Standard German (de-CH: 1’234.5). "no-NO" is spelt out as Bokmål, the written form the app ships.
 */
export function intlLocale(language: string): string {
  const lang = language.toLowerCase();
  if (lang === 'de-swiss' || lang === 'de-ch') return 'de-CH';
  if (lang === 'no-no' || lang === 'no' || lang === 'nb') return 'nb-NO';
  return language;
}
