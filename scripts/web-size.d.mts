export declare const LANDING_JS_BUDGET_KB: number;
export declare function gzippedKb(dist: string, files: string[]): number;
export declare function landingJs(dist?: string): {
  beforePaintKb: number;
  appFiles: string[];
  appKb: number;
};
