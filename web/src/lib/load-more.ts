import { type RefObject, useRef, useState } from 'react';
import { useFocusWhenGone } from './focus';

/**
 * "Load more" under a list shown page by page. The button keeps keyboard focus while more
 * remain; when it leaves with the last page, focus goes to the first item that page brought
 * (its link, or the item itself made focusable, takes `itemRef(index)`), not to the top of
 * the document.
 */
export function useLoadMore<T extends HTMLElement = HTMLAnchorElement>(
  shownCount: number,
  showMore: boolean,
  fetchNextPage: () => unknown,
) {
  const [firstNew, setFirstNew] = useState<number | null>(null);
  const firstNewItem = useRef<T>(null);
  useFocusWhenGone(showMore, firstNewItem);
  const itemRef = (index: number): RefObject<T | null> | undefined =>
    index === firstNew ? firstNewItem : undefined;
  return {
    itemRef,
    /** `itemRef`, by the name of lists whose items are reached by their link. */
    linkRef: itemRef,
    loadMore: () => {
      setFirstNew(shownCount);
      void fetchNextPage();
    },
  };
}
