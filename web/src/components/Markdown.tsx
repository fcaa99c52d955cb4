import { type Inline, parseMarkdown } from '@shared/markdown';
import { ExternalLink } from './ExternalLink';

/**
 * A catalogue text in its Markdown subset (shared/markdown.ts) as React elements: paragraphs,
 * "- " lists and https links, which open in a new tab without handing it our page and say so
 * to screen readers. Everything else, HTML included, is text: nothing is set as HTML.
 */
export function Markdown({ text, className = '' }: { text: string; className?: string }) {
  const inlines = (pieces: Inline[]) =>
    pieces.map((piece, index) =>
      piece.kind === 'link' ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never reorder
        <ExternalLink key={index} href={piece.href}>
          {piece.text}
        </ExternalLink>
      ) : (
        piece.text
      ),
    );
  return (
    <div className={`space-y-2 wrap-anywhere ${className}`}>
      {parseMarkdown(text).map((block, index) =>
        block.kind === 'paragraph' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one text never reorder
          <p key={index}>{inlines(block.inlines)}</p>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one text never reorder
          <ul key={index} className="list-disc space-y-1 pl-5">
            {block.items.map((item, itemIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the items of one list never reorder
              <li key={itemIndex}>{inlines(item)}</li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}
