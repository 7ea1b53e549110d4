import { readFileSync } from 'node:fs';
import { transformWithEsbuild, type Plugin } from 'vite';

/**
 * Writes `hydrate.js` (from `source`, a classic script) into the build, minified: the server puts
 * it on every prerendered page in place of the module script (apps/server/src/http/index-html.ts),
 * so it is part of each first load, and its comments are for the source only.
 */
export function hydrateScriptPlugin(source: string): Plugin {
  return {
    name: 'fhp-hydrate-script',
    apply: 'build',
    async generateBundle() {
      const { code } = await transformWithEsbuild(readFileSync(source, 'utf8'), source, { loader: 'js', minify: true });
      this.emitFile({ type: 'asset', fileName: 'hydrate.js', source: code });
    },
  };
}
