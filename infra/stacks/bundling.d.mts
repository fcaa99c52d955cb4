export declare const LAMBDA_BUNDLE: {
  format: 'esm';
  target: string;
  minify: boolean;
  mainFields: string[];
  external: string[];
  banner: string;
};
