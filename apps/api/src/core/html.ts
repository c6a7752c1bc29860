/** Escapes text for an HTML email body or attribute: `& < > " '` become numeric character references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
