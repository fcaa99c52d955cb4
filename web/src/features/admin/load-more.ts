import { useRef, useState } from 'react';
import { useFocusWhenGone } from '../../lib/focus';

/**
 * "Load more" under a list shown page by page. The button keeps keyboard focus while more
 * remain; when it leaves with the last page, focus goes to the first item that page brought
 * (its link takes `linkRef(index)`), not to the top of the document.
 */
export function useLoadMore(shownCount: number, showMore: boolean, fetchNextPage: () => unknown) {
  const [firstNew, setFirstNew] = useState<number | null>(null);
  const firstNewLink = useRef<HTMLAnchorElement>(null);
  useFocusWhenGone(showMore, firstNewLink);
  return {
    linkRef: (index: number) => (index === firstNew ? firstNewLink : undefined),
    loadMore: () => {
      setFirstNew(shownCount);
      void fetchNextPage();
    },
  };
}
