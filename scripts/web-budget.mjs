// `npm test` step: fails when a prerendered page's JavaScript passes its budget (after the
// build): `/` in all, /login, /signup and the guide's pages before their first paint and in all.
import {
  AUTH_PAGES_BEFORE_PAINT_BUDGET_KB,
  AUTH_PAGES_JS_BUDGET_KB,
  GUIDE_PAGES_JS_BUDGET_KB,
  LANDING_JS_BUDGET_KB,
  PAGES,
  pageJs,
} from './web-size.mjs';

const guide = { beforePaint: AUTH_PAGES_BEFORE_PAINT_BUDGET_KB, total: GUIDE_PAGES_JS_BUDGET_KB };
const budgets = {
  '/': { beforePaint: LANDING_JS_BUDGET_KB, total: LANDING_JS_BUDGET_KB },
  '/login': { beforePaint: AUTH_PAGES_BEFORE_PAINT_BUDGET_KB, total: AUTH_PAGES_JS_BUDGET_KB },
  '/signup': { beforePaint: AUTH_PAGES_BEFORE_PAINT_BUDGET_KB, total: AUTH_PAGES_JS_BUDGET_KB },
  ...Object.fromEntries(
    Object.keys(PAGES).flatMap((path) => (path.startsWith('/guide') ? [[path, guide]] : [])),
  ),
};

let over = false;
for (const [path, budget] of Object.entries(budgets)) {
  const { beforePaintKb, beforePaintFiles, appKb, appFiles } = pageJs(path);
  const total = beforePaintKb + appKb;
  console.log(
    `${path}: JS before the first paint ${beforePaintKb.toFixed(1)} KB gzipped (budget ${budget.beforePaint} KB); ` +
      `in all ${total.toFixed(1)} KB in ${beforePaintFiles.length + appFiles.length} files (budget ${budget.total} KB)`,
  );
  if (beforePaintKb > budget.beforePaint) {
    console.error(`  over the ${budget.beforePaint} KB budget for JS before the first paint of ${path}`);
    over = true;
  }
  if (total > budget.total) {
    console.error(`  over the ${budget.total} KB budget for all JS of ${path}`);
    over = true;
  }
}
if (over) process.exit(1);
