import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// One home for every API shape (issue 17): routes take their schemas from src/contracts and read their
// request types through the json-schema-to-ts type provider, so no shape is written a second time beside them.
const root = path.resolve(import.meta.dirname, '../..');

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(path.join(root, file)).isDirectory() ? filesUnder(file) : [file];
  });
}

const routeFiles = filesUnder('server/routes').filter((file) => file.endsWith('.ts'));

describe('API shapes live in src/contracts', () => {
  it('no route folder keeps a schema file of its own', () => {
    expect(routeFiles.filter((file) => /Schemas\.ts$/.test(file))).toEqual([]);
  });

  it('no route file writes a JSON Schema object', () => {
    const inline = routeFiles.filter((file) =>
      /type: '(object|array)'/.test(readFileSync(path.join(root, file), 'utf8')),
    );
    expect(inline).toEqual([]);
  });

  it('no route restates its body, params or query as a TypeScript generic', () => {
    const restated = routeFiles.filter((file) =>
      /app\.(get|post|put|patch|delete)<\{[^}]*\b(Body|Params|Querystring)\b/.test(
        readFileSync(path.join(root, file), 'utf8'),
      ),
    );
    expect(restated).toEqual([]);
  });
});
