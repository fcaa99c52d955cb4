// The `--name value` options of the npm run scripts (seed, stats:rebuild, bench:api, bench:scale, reminders).

const args = process.argv.slice(2);

/** The value after `--name`, if the option is given. */
export function textOption(name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}

/** The whole number (at least `min`) after `--name`, or `fallback` without the option. */
export function countOption(name: string, fallback: number, min = 0): number {
  const given = textOption(name);
  const value = given === undefined ? fallback : Number(given);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`--${name} takes a whole number of at least ${min}`);
  return value;
}
