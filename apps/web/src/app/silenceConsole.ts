/**
 * The product writes nothing to the browser console (spec part 1 section 8): in the production
 * build every console method becomes a no-op as the app starts, so neither our code nor a library
 * (React's reports of errors its boundaries caught, say) prints there. What matters still reaches
 * the server's log where it did: every refused or failed request is logged by the server, and a
 * page that fails shows the "Uh oh." state. Development keeps the console.
 */
const METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir', 'dirxml', 'table', 'group', 'groupCollapsed', 'groupEnd', 'time', 'timeLog', 'timeEnd', 'count', 'countReset', 'assert'] as const;

export function silenceConsole(target: Pick<Console, (typeof METHODS)[number]>): void {
  const quiet = () => {};
  for (const method of METHODS) target[method] = quiet;
}

if (import.meta.env.PROD) silenceConsole(console);
