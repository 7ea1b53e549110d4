/**
 * Each bench also runs alone (`node --import tsx bench/<name>.ts`): when its module is the one
 * node was started with, print its lines and exit (1 when it failed, or when it says a target
 * it enforces was missed).
 */
export function runWhenStandalone(moduleUrl: string, name: string, run: () => Promise<string[] | { lines: string[]; failures: number }>): void {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  run().then(
    (result) => {
      const { lines, failures } = Array.isArray(result) ? { lines: result, failures: 0 } : result;
      console.log(lines.join('\n'));
      process.exit(failures > 0 ? 1 : 0);
    },
    (error: unknown) => {
      console.error(`${name} bench failed:`, error);
      process.exit(1);
    },
  );
}
