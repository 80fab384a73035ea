import { expect, test } from 'vitest';
import { toastDuration } from '../../src/services/http/toast.ts';

test('toast durations follow spec §9', () => {
  expect(toastDuration('success')).toBe(5000);
  expect(toastDuration('info')).toBe(5000);
  expect(toastDuration('warning')).toBe(6000);
  expect(toastDuration('error')).toBe(8000);
  expect(toastDuration('error', true)).toBeNull();
});
