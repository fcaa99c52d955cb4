// How every Lambda is bundled (esbuild): infra/stacks/lambda.ts builds the functions with these
// settings and scripts/bundle-check.mjs measures the same bundles against their budgets.

/** esbuild's options for one function's bundle. */
export const LAMBDA_BUNDLE = {
  format: 'esm',
  target: 'node24',
  minify: true,
  mainFields: ['module', 'main'],
  // Nothing external, the AWS SDK included: the SDK a function runs is the one its tests ran
  // (package-lock.json), not whichever version the Lambda runtime ships that week. The clients
  // are modular v3 packages imported by name, so a bundle holds only the clients it uses.
  external: [],
  // Some SDK dependencies still call require(); ESM bundles need it defined.
  banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
};
