import { describe, expect, it } from 'vitest';
import { viteBuildEnv } from '../../scripts/buildIfStale.ts';

describe('the build that `npm run bench` and `npm start` run when dist/ is stale', () => {
  it('is a production build even when a Vite dev server in the same process set NODE_ENV=development', () => {
    // `bench/run.ts` loads TSX through a Vite dev server first, which sets NODE_ENV=development: a child build
    // inheriting it bundled React's development build, and the builder bench measured that.
    expect(viteBuildEnv({ NODE_ENV: 'development', PATH: '/usr/bin' })).toEqual({
      NODE_ENV: 'production',
      PATH: '/usr/bin',
    });
  });
});
