import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

// Actors are created by the app system (invoked or spawned with a systemId), never inside views: a view reads
// with useSelector and sends events. Only the composition roots of src/views create actors, outside React.

const root = path.resolve(import.meta.dirname, '../..');
const VIEWS = path.join(root, 'src/views');

/** The system modules: each creates its page's actors once, outside React. */
const SYSTEM_MODULES = new Set(['src/views/createAppSystem.ts', 'src/views/jobs/createJobPageSystem.ts']);

const CREATES_ACTOR = /\b(useActorRef|useMachine|createActor)\b/g;
const COMMENTS = /\/\*[\s\S]*?\*\/|\/\/.*$/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** `file: name` for every actor-creating call or import outside the system modules. */
function actorsCreatedInViews(files: readonly string[], read: (file: string) => string): string[] {
  return files
    .filter((file) => !SYSTEM_MODULES.has(file))
    .flatMap((file) => {
      const code = read(file).replace(COMMENTS, '');
      return [...new Set([...code.matchAll(CREATES_ACTOR)].map((match) => `${file}: ${match[1]}`))];
    });
}

test('no view creates an actor: the app system invokes or spawns them, views select and send', () => {
  const files = sourceFiles(VIEWS).map((file) => path.relative(root, file).split(path.sep).join('/'));
  expect(files.length).toBeGreaterThan(50);
  expect(actorsCreatedInViews(files, (file) => readFileSync(path.join(root, file), 'utf8'))).toEqual([]);
});

test('the check names a view that creates its own actor, and ignores a comment that mentions one', () => {
  const sources: Record<string, string> = {
    'src/views/store/Storefront.tsx': "import { useActorRef } from '@xstate/react';\nuseActorRef(logic);",
    'src/views/a/Note.tsx': '// never useActorRef here\nexport const x = 1;',
    'src/views/createAppSystem.ts': 'createActor(machine);',
  };
  expect(actorsCreatedInViews(Object.keys(sources), (file) => sources[file] ?? '')).toEqual([
    'src/views/store/Storefront.tsx: useActorRef',
  ]);
});

test('every allow-listed system module exists', () => {
  const missing = [...SYSTEM_MODULES].filter((file) => {
    try {
      readFileSync(path.join(root, file));
      return false;
    } catch {
      return true;
    }
  });
  expect(missing).toEqual([]);
});
