import { type Block, type Inline, parseMarkdown } from '@shared/markdown';
import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { ExternalLink } from './ExternalLink';

/**
 * A catalogue text in its Markdown subset (shared/markdown.ts) as React elements: paragraphs,
 * "- " lists and https links, which open in a new tab without handing it our page and say so
 * to screen readers. Everything else, HTML included, is text: nothing is set as HTML.
 */
export function Markdown({ text, className = '' }: { text: string; className?: string }) {
  return <MarkdownBlocks blocks={parseMarkdown(text)} className={className} />;
}

/**
 * Parsed blocks as React elements: besides paragraphs, lists and https links, "## " and
 * "### " headings as h2 and h3 (the page's h1 is its title) and links to the guide's articles,
 * which stay in the app.
 */
export function MarkdownBlocks({ blocks, className = '' }: { blocks: Block[]; className?: string }) {
  return (
    <div className={`space-y-2 wrap-anywhere ${className}`}>
      {blocks.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one text never reorder
        <Fragment key={index}>{blockElement(block)}</Fragment>
      ))}
    </div>
  );
}

function blockElement(block: Block) {
  switch (block.kind) {
    case 'paragraph':
      return <p>{inlines(block.inlines)}</p>;
    case 'list':
      return (
        <ul className="list-disc space-y-1 pl-5">
          {block.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the items of one list never reorder
            <li key={index}>{inlines(item)}</li>
          ))}
        </ul>
      );
    case 'heading':
      return block.level === 2 ? (
        <h2 className="pt-2 text-lg font-semibold text-slate-900">{block.text}</h2>
      ) : (
        <h3 className="pt-1 font-semibold text-slate-900">{block.text}</h3>
      );
  }
}

function inlines(pieces: Inline[]) {
  return pieces.map((piece, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never reorder
    <Fragment key={index}>{inlineElement(piece)}</Fragment>
  ));
}

function inlineElement(piece: Inline) {
  switch (piece.kind) {
    case 'link':
      return <ExternalLink href={piece.href}>{piece.text}</ExternalLink>;
    case 'guide_link':
      return (
        <Link to={`/guide/${piece.slug}`} className="text-brand-700 underline underline-offset-2">
          {piece.text}
        </Link>
      );
    case 'text':
      return piece.text;
  }
}
