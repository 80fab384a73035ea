/** Local-time calendar arithmetic for the planner (weeks start on Monday). */
import { toLocalInput } from '../common/localDateTime.ts';

export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

export function addDays(date: Date, days: number): Date {
  return new Date(
    date.getFullYear(),
    date.getMonth(),
    date.getDate() + days,
    date.getHours(),
    date.getMinutes(),
  );
}

export function startOfWeek(date: Date): Date {
  const day = startOfDay(date);
  return addDays(day, -((day.getDay() + 6) % 7));
}

/** The days shown: 7 for a week, whole weeks covering the month for a month. */
export function visibleDays(anchor: Date, view: 'month' | 'week'): Date[] {
  if (view === 'week') return Array.from({ length: 7 }, (_, i) => addDays(startOfWeek(anchor), i));
  const first = new Date(anchor.getFullYear(), anchor.getMonth(), 1);
  const start = startOfWeek(first);
  const last = new Date(anchor.getFullYear(), anchor.getMonth() + 1, 0);
  const days: Date[] = [];
  for (let day = start; day <= last || days.length % 7 !== 0; day = addDays(day, 1)) days.push(day);
  return days;
}

export function shift(anchor: Date, view: 'month' | 'week', direction: 1 | -1): Date {
  return view === 'week'
    ? addDays(anchor, 7 * direction)
    : new Date(anchor.getFullYear(), anchor.getMonth() + direction, 1);
}

/** The local day of a `dayKey` (the planner's address keeps the day it shows). */
export function fromDayKey(key: string): Date {
  const [year = 0, month = 1, date = 1] = key.split('-').map(Number);
  return new Date(year, month - 1, date);
}

export function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** `iso` moved to `day`, keeping its local time of day. */
export function moveToDay(iso: string, day: Date): string {
  const time = new Date(iso);
  return new Date(
    day.getFullYear(),
    day.getMonth(),
    day.getDate(),
    time.getHours(),
    time.getMinutes(),
  ).toISOString();
}

export function fromLocalInput(value: string): string {
  if (!value) return '';
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? '' : parsed.toISOString();
}

/** A day's key for grouping and test ids: local `YYYY-MM-DD`. */
export function dayKey(date: Date): string {
  return toLocalInput(date.toISOString()).slice(0, 10);
}
