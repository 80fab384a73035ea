import { describe, expect, test } from 'vitest';
import { toLocalInput } from '../../src/views/common/localDateTime.ts';
import { dayKey } from '../../src/views/planner/calendarDates.ts';

describe('toLocalInput: an instant as a datetime-local value (Intl)', () => {
  test('local wall time with the offset of that date, summer time included', () => {
    expect(toLocalInput('2030-07-01T10:00:00.000Z', 'Europe/Berlin')).toBe('2030-07-01T12:00');
    expect(toLocalInput('2030-01-01T10:00:00.000Z', 'Europe/Berlin')).toBe('2030-01-01T11:00');
    expect(toLocalInput('2030-01-01T10:05:59.999Z', 'America/New_York')).toBe('2030-01-01T05:05');
  });

  test('midnight is 00, not 24, and a date may be the day before in UTC', () => {
    expect(toLocalInput('2030-03-04T23:30:00.000Z', 'Asia/Tokyo')).toBe('2030-03-05T08:30');
    expect(toLocalInput('2030-03-04T15:00:00.000Z', 'Asia/Tokyo')).toBe('2030-03-05T00:00');
    expect(toLocalInput('2030-03-05T00:00:00.000Z', 'UTC')).toBe('2030-03-05T00:00');
  });

  test('nothing or an invalid date is an empty value', () => {
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('')).toBe('');
    expect(toLocalInput('not a date')).toBe('');
  });

  test('in this browser’s own time zone it is what the local Date fields say (the planner’s day keys too)', () => {
    const date = new Date(2031, 10, 9, 7, 4);
    expect(toLocalInput(date.toISOString())).toBe('2031-11-09T07:04');
    expect(dayKey(date)).toBe('2031-11-09');
  });
});
