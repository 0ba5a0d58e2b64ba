// Module types the bundler provides: a section of a locale file (see src/i18n/sections.ts).
declare module '*.json?i18n=core' {
  const messages: Record<string, unknown>;
  export default messages;
}
declare module '*.json?i18n=app' {
  const messages: Record<string, unknown>;
  export default messages;
}
