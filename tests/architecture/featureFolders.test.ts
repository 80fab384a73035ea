import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Code that belongs to one feature lives together: inside src/machines and src/services every module sits in
// the folder of its feature (README, "Layout"), never loose beside them.
const root = path.resolve(import.meta.dirname, '../..');

function looseFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir)).filter((name) => statSync(path.join(root, dir, name)).isFile());
}

function featureFolders(dir: string): string[] {
  return readdirSync(path.join(root, dir)).filter((name) =>
    statSync(path.join(root, dir, name)).isDirectory(),
  );
}

describe('feature folders', () => {
  it.each(['src/machines', 'src/services'])('%s holds only feature folders', (dir) => {
    expect(looseFiles(dir)).toEqual([]);
  });

  it('machines and client services of one feature share its name', () => {
    const machines = featureFolders('src/machines');
    const services = featureFolders('src/services');
    // Each feature that has both a machine and client calls uses one name for both folders.
    for (const feature of ['crm', 'store', 'builder', 'admin', 'planner', 'account', 'session', 'replay']) {
      expect({ feature, machines: machines.includes(feature), services: services.includes(feature) }).toEqual(
        {
          feature,
          machines: true,
          services: true,
        },
      );
    }
  });
});
