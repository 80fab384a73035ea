import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';

// `getBy…`, `getAllBy…`, `findBy…` and `findAllBy…` throw (or reject) when nothing matches, so
// `expect(screen.getByText('…')).toBeTruthy()` (or `.toBeDefined()`) can never fail: it asserts nothing
// beyond the query itself. Assert what is shown instead: its text, role, state, value, or the rows in order.

const ROOT = join(process.cwd(), 'tests');
const SELF = relative(ROOT, import.meta.filename);

/** One statement (no `;`) from `expect(` to a query call, then `).toBeTruthy()` or `).toBeDefined()`. */
const VACUOUS =
  /expect\((?:(?!expect\()[^;])*?\b(?:get|find)(?:All)?By\w*\((?:(?!expect\()[^;])*?\)\s*,?\s*\)\s*\.\s*(toBeTruthy|toBeDefined)\(\)/g;

/** `source` with the text of its string literals blanked (a `;` in a string ends no statement); lines kept. */
const blankStrings = (source: string) =>
  source.replace(/'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g, (literal) =>
    literal.replace(/[^\n]/g, (char, at: number) => (at === 0 || at === literal.length - 1 ? char : ' ')),
  );

/** `file:line: …` for each vacuous assertion in `source` (the line of its matcher). */
function vacuousAssertions(file: string, source: string): string[] {
  return Array.from(blankStrings(source).matchAll(VACUOUS), (match) => {
    const at = (match.index ?? 0) + match[0].lastIndexOf('.');
    const line = source.slice(0, at).split('\n').length;
    return `${file}:${line}: .${match[1]}() after a query that throws when nothing matches`;
  });
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

test('the detector finds vacuous assertions, over several lines too, and leaves real ones alone', () => {
  const source = [
    "expect(screen.getByText('Saved')).toBeTruthy();",
    "expect(await screen.findByRole('button', { name: 'Go' }, slow)).toBeDefined();",
    'expect(',
    "  within(screen.getByLabelText('Step')).getAllByText('a; b'),",
    ').toBeTruthy();',
    "await waitFor(() => expect(within(grid).getByText('read')).toBeTruthy(), slow);",
    "expect(screen.getByRole('heading').textContent).toBe('Saved');",
    "expect(screen.queryByText('Saved')).toBeTruthy();",
    'expect(rows.find((r) => r.id === 1)).toBeDefined();',
    "expect(screen.getByRole('checkbox').checked).toBeTruthy();",
  ].join('\n');

  expect(vacuousAssertions('x.tsx', source).map((found) => found.split(':').slice(0, 2).join(':'))).toEqual([
    'x.tsx:1',
    'x.tsx:2',
    'x.tsx:5',
    'x.tsx:6',
  ]);
});

test('no test asserts only that a getBy…/findBy… query found something', () => {
  const files = testFiles(ROOT).filter((path) => relative(ROOT, path) !== SELF);
  expect(files.length).toBeGreaterThan(50);
  const found = files.flatMap((path) =>
    vacuousAssertions(relative(process.cwd(), path), readFileSync(path, 'utf8')),
  );
  expect(found, 'assert the text, role, state or value shown instead').toEqual([]);
});
