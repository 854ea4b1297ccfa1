/** Plain text of rendered HTML, for the search index and structured data. */
export function htmlToText(html: string): string {
  return html
    .replace(/<\/(p|li|h3|h4|tr|td|th|blockquote)>|<br\s*\/?>/g, "$& ")
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
