import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { outsideReferences } from './outside-references.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
/** Generated or binary files nobody writes prose in. */
const SKIPPED = /(?:^|\/)pnpm-lock\.yaml$|\.(?:png|jpe?g|gif|webp|ico|woff2?|ttf|br|gz|patch)$/;

/** Tracked files plus new ones not ignored: a file about to be committed is checked too. */
function repositoryFiles(): string[] {
  const listing = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return listing.split('\0').filter((file) => file && !SKIPPED.test(file));
}

describe('the repository stands on its own', () => {
  it('recognises a pointer to an outside document, and leaves look-alikes alone', () => {
    // Put together from pieces, so that this file does not itself make the references it tests.
    const spec = ['sp', 'ec'].join('');
    expect(outsideReferences(`// The ask form (${spec} sec${'tion'} 5).`)).not.toEqual([]);
    expect(outsideReferences(`/** The ${spec}'s Question shape. */`)).not.toEqual([]);
    expect(outsideReferences(`See ../${'shared'}/${'decisions'}.md`)).not.toEqual([]);
    expect(outsideReferences(`RFC 9112 ${String.fromCharCode(0xa7)}6.3`)).not.toEqual([]);
    expect(outsideReferences(`added by ${'issue'} 8`)).not.toEqual([]);
    expect(outsideReferences('spec:\n  replicas: 2\n    spec:')).toEqual([]);
    expect(outsideReferences('for (const spec of specs) await launch(spec);')).toEqual([]);
    expect(outsideReferences('frontends/e2e/test/login.spec.ts')).toEqual([]);
  });

  it('has no file that points at a document outside it', () => {
    const files = repositoryFiles();
    // A broken listing would make this pass on nothing.
    expect(files).toContain('package.json');
    const offenders = files.flatMap((file) => {
      let text: string;
      try {
        text = readFileSync(join(root, file), 'utf8');
      } catch {
        return []; // deleted in the working tree but still in the index
      }
      return outsideReferences(text).map((reference) => `${file}:${reference}`);
    });
    expect(offenders).toEqual([]);
  });
});
