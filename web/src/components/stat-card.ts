// The look of a stat card (a figure and a filter of the list below it): the admin's dashboard
// and a company's portal share it.

export const STAT_CARD =
  'w-32 shrink-0 snap-start rounded-xl border p-3 text-left shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600 sm:w-auto sm:p-4 xl:px-3';
export const STAT_CARD_PRESSED = 'border-brand-600 bg-brand-50';
export const STAT_CARD_UNPRESSED = 'border-slate-200 bg-white hover:border-slate-300';
export const STAT_CARD_LABEL = 'block text-xs text-slate-600 hyphens-auto sm:text-sm';
export const STAT_CARD_FIGURE = 'mt-0.5 block text-xl font-bold text-slate-900 sm:mt-1 sm:text-2xl';
/**
 * On a phone one row that scrolls sideways (each card a button, reached by Tab as well), so
 * the list and its search start on the first screen; a grid from 640 px.
 */
export const STAT_CARD_ROW =
  '-mx-4 mt-4 flex snap-x gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:mt-6 sm:grid sm:gap-3 sm:overflow-visible sm:px-0 sm:pb-0';
