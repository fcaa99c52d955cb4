// The admin lists' "Load more" is the app's one (web/src/lib/load-more.ts).
export { useLoadMore } from '../../lib/load-more';
