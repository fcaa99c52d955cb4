import type { PrerenderedPath } from './page-modules.mjs';

export { PAGES } from './page-modules.mjs';
export declare const LANDING_JS_BUDGET_KB: number;
export declare const AUTH_PAGES_BEFORE_PAINT_BUDGET_KB: number;
export declare const AUTH_PAGES_JS_BUDGET_KB: number;
export declare function gzippedKb(dist: string, files: string[]): number;
export interface PageJs {
  beforePaintFiles: string[];
  beforePaintKb: number;
  appFiles: string[];
  appKb: number;
}
export declare function pageJs(path: PrerenderedPath, dist?: string): PageJs;
export declare function landingJs(dist?: string): PageJs;
