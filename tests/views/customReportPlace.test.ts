import { describe, expect, test } from 'vitest';
import { readReportParam, reportParam } from '../../src/views/crm/CustomReportsView.tsx';

describe('a custom report in the address', () => {
  test('the settings written are the settings read back; the default report writes nothing', () => {
    const report = {
      entity: 'deals' as const,
      fields: ['title', 'stage'],
      filterField: 'title',
      groupBy: '',
    };
    expect(reportParam(report)).toBe('deals.title-stage.title.');
    expect(readReportParam(reportParam(report))).toEqual(report);
    expect(reportParam(readReportParam(undefined))).toBeUndefined();
  });

  test('what an address names wrongly is left out: an unknown entity is the default report, unknown fields go', () => {
    expect(readReportParam('orders.total..')).toEqual(readReportParam(undefined));
    expect(readReportParam('constructor.name..')).toEqual(readReportParam(undefined));
    expect(readReportParam('contacts.email-password-phone.password.nope')).toEqual({
      entity: 'contacts',
      fields: ['email', 'phone'],
      filterField: '',
      groupBy: '',
    });
  });
});
