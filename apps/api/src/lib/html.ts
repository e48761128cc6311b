/**
 * Text made safe for HTML content and attribute values. Every value the server writes into HTML
 * (e-mails, the summary page of a member's data copy) passes here.
 */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );
}
