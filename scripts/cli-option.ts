/**
 * `--name value` options of the bot benches: the value after `--name` on the command line, or
 * `fallback` when the option is missing or has no value.
 */
export function option(name: string, fallback: string): string {
  const argv = process.argv.slice(2);
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
}
