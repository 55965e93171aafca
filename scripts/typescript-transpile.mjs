// TypeScript to JavaScript without the type check, file by file, as jest runs the sources: `npm start`, `npm test` and
// the benches run the output, and `npm run check` type-checks (tsc -b, which writes the same folders). The tree is
// written for it: isolatedModules and verbatimModuleSyntax (tsconfig.base.json) make each file's output its own.
import { transformFile } from '@swc/core';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';

/** What swc makes of a `.ts` file, here and in jest (jest.config.js, which parses `.tsx` files with JSX too). */
export const SWC_OPTIONS = {
  jsc: { target: 'es2023', parser: { syntax: 'typescript' } },
  module: { type: 'es6' },
};

/** The TypeScript projects under `root`: its tsconfig.json's references, in their order (each after those it needs). */
export const typescriptProjects = (root) =>
  JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')).references.map(({ path }) => path);

function typescriptSources(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !/\.(d|test)\.ts$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);

/**
 * Writes `<package>/dist/**.js` (and its source map) from `<package>/src/**.ts`, as tsc's rootDir and outDir do, for
 * each source newer than its output; tests are left out (jest runs them from the sources).
 */
export async function transpilePackage(packageDir) {
  const [src, dist] = [join(packageDir, 'src'), join(packageDir, 'dist')];
  const stale = typescriptSources(src)
    .map((source) => ({ source, output: join(dist, relative(src, source)).replace(/\.ts$/, '.js') }))
    .filter(({ source, output }) => mtime(source) > mtime(output));
  await Promise.all(
    stale.map(async ({ source, output }) => {
      const { code, map } = await transformFile(source, {
        ...SWC_OPTIONS,
        sourceMaps: true,
        sourceFileName: relative(dirname(output), source),
      });
      mkdirSync(dirname(output), { recursive: true });
      writeFileSync(`${output}.map`, map ?? '');
      writeFileSync(output, `${code}\n//# sourceMappingURL=${basename(output)}.map\n`);
    }),
  );
}
