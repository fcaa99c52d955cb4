import { type Inline, parseMarkdown } from '@shared/markdown';
import { useTranslation } from 'react-i18next';

/**
 * A catalogue text in its Markdown subset (shared/markdown.ts) as React elements: paragraphs,
 * "- " lists and https links, which open in a new tab without handing it our page and say so
 * to screen readers. Everything else, HTML included, is text: nothing is set as HTML.
 */
export function Markdown({ text, className = '' }: { text: string; className?: string }) {
  const { t } = useTranslation();
  const inlines = (pieces: Inline[]) =>
    pieces.map((piece, index) =>
      piece.kind === 'link' ? (
        <a
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never reorder
          key={index}
          href={piece.href}
          target="_blank"
          rel="noopener noreferrer"
          className="text-brand-700 underline underline-offset-2"
        >
          {piece.text}
          <span className="sr-only"> {t('common.opensInNewTab')}</span>
        </a>
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
