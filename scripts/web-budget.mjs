// `npm test` step: fails when the landing page's JavaScript passes its budget (after the build).
import { LANDING_JS_BUDGET_KB, landingJs } from './web-size.mjs';

const { beforePaintKb, appKb, appFiles } = landingJs();
console.log(`JS before the first paint of /: ${beforePaintKb.toFixed(1)} KB gzipped`);
console.log(
  `App JS loaded by /: ${appKb.toFixed(1)} KB gzipped in ${appFiles.length} files (budget ${LANDING_JS_BUDGET_KB} KB)`,
);
if (beforePaintKb + appKb > LANDING_JS_BUDGET_KB) {
  console.error(`Over the ${LANDING_JS_BUDGET_KB} KB budget for /`);
  process.exit(1);
}
