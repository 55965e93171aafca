// The type check of the TypeScript projects (npm run check), with their declarations, after build.mjs has generated
// the gRPC types. One `tsc -b` per project, in the root's order, rather than one for all: a build caches a package it
// looked for and did not find, and a contract's build looks up its package's dependencies (the wallet's contract,
// @tip/identity) before their own builds have written them, so one build of everything fails on a fresh clone.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { typescriptProjects } from './typescript-transpile.mjs';

const root = new URL('..', import.meta.url).pathname;
for (const path of typescriptProjects(root))
  execFileSync(join(root, 'node_modules', '.bin', 'tsc'), ['-b', path], { cwd: root, stdio: 'inherit' });
