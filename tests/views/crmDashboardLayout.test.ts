import { describe, expect, test } from 'vitest';
import { stackedLayout } from '../../src/views/crm/CrmDashboard.tsx';

describe('the CRM board on a phone', () => {
  test('is one column in the owner’s reading order, the overview tall enough for its figures in three rows', () => {
    const arranged = [
      { i: 'revenue', x: 0, y: 11, w: 12, h: 7 },
      { i: 'sources', x: 7, y: 0, w: 5, h: 8 },
      { i: 'stages', x: 0, y: 0, w: 7, h: 8 },
      { i: 'stats', x: 0, y: 8, w: 12, h: 3 },
    ];
    const before = structuredClone(arranged);
    expect(stackedLayout(arranged)).toEqual([
      { i: 'stages', x: 0, y: 0, w: 12, h: 8 },
      { i: 'sources', x: 0, y: 8, w: 12, h: 8 },
      { i: 'stats', x: 0, y: 16, w: 12, h: 8 },
      { i: 'revenue', x: 0, y: 24, w: 12, h: 7 },
    ]);
    // The arrangement the owner keeps for wider screens is not touched.
    expect(arranged).toEqual(before);
  });
});
