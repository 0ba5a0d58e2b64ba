// Focuses a text field with the caret after what is already typed, so a field opened by a key continues the text.

export function focusAtEnd(el: HTMLInputElement | HTMLTextAreaElement | null): void {
  if (!el) return;
  el.focus();
  const end = el.value.length;
  el.setSelectionRange(end, end);
}
