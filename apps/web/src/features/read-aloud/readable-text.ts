/**
 * The words a piece of the page shows, as one string whose positions map back to the page's text
 * nodes (for the sentence highlight). What a sighted reader does not see as words is left out:
 * controls (a button's "Like (3)" is not content), text only screen readers get (.visually-hidden),
 * symbols hidden from screen readers (an arrow, a tick), and anything not displayed.
 */

/** Marks a piece of content with a read-aloud button of its own (a comment inside a post). */
export const READ_ALOUD_UNIT_ATTRIBUTE = 'data-read-aloud-unit';

const SKIPPED =
  'button, input, select, textarea, script, style, template, svg, img, .button, .visually-hidden, [data-read-aloud-skip], [hidden]';
const WORDS = /[\p{L}\p{N}]/u;

type Piece = { node: Text; start: number };

export type ReadableText = {
  text: string;
  /** The page's range for the text between two positions (null when nothing maps to it). */
  range: (start: number, end: number) => Range | null;
};

/**
 * `nestedUnits`: 'skip' when reading one unit (a post is read without its comments, which have
 * buttons of their own), 'read' when reading the whole page.
 */
export function readableText(root: HTMLElement, nestedUnits: 'skip' | 'read'): ReadableText {
  const pieces: Piece[] = [];
  let text = '';
  const breakLine = () => {
    if (text.length > 0 && !text.endsWith('\n')) text += '\n';
  };

  const visit = (node: Node, ariaHidden: boolean) => {
    if (node instanceof Text) {
      if (node.data.length === 0 || (ariaHidden && !WORDS.test(node.data))) return;
      pieces.push({ node, start: text.length });
      text += node.data;
      return;
    }
    if (!(node instanceof Element)) return;
    if (node !== root) {
      if (node.matches(SKIPPED)) return;
      if (nestedUnits === 'skip' && node.hasAttribute(READ_ALOUD_UNIT_ATTRIBUTE)) return;
    }
    const style = getComputedStyle(node);
    if (style.display === 'none' || style.visibility === 'hidden') return;
    // Blocks end a sentence: a heading and the paragraph under it are two, not one run-on.
    const block = !style.display.startsWith('inline') || node.tagName === 'BR';
    if (block) breakLine();
    const hidden = ariaHidden || node.getAttribute('aria-hidden') === 'true';
    for (const child of Array.from(node.childNodes)) visit(child, hidden);
    if (block) breakLine();
  };
  visit(root, false);

  /** The text node and offset at a position; `edge` says which neighbour a line break maps to. */
  const locate = (position: number, edge: 'start' | 'end'): { node: Text; offset: number } | null => {
    for (let index = 0; index < pieces.length; index += 1) {
      const piece = pieces[index]!;
      const length = piece.node.data.length;
      const inside =
        edge === 'start'
          ? position >= piece.start && position < piece.start + length
          : position > piece.start && position <= piece.start + length;
      if (inside) return { node: piece.node, offset: position - piece.start };
      // The position falls on a line break added between blocks.
      if (edge === 'start' && piece.start > position) return { node: piece.node, offset: 0 };
      const next = pieces[index + 1];
      if (edge === 'end' && piece.start + length < position && (!next || next.start >= position)) {
        return { node: piece.node, offset: length };
      }
    }
    return null;
  };

  return {
    text,
    range(start, end) {
      const from = locate(start, 'start');
      const to = locate(end, 'end');
      if (!from || !to) return null;
      const range = document.createRange();
      range.setStart(from.node, from.offset);
      range.setEnd(to.node, to.offset);
      return range;
    },
  };
}
