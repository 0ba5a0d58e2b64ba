// The host part of an API address, for messages; what was given when it is not a URL.
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
