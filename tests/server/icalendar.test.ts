import { describe, expect, test } from 'vitest';
import type { SocialPost } from '../../server/repositories/socialPosts.ts';
import { postsToICalendar } from '../../server/routes/social/icalendar.ts';

function post(overrides: Partial<SocialPost>): SocialPost {
  return {
    id: 1,
    channel: 'facebook',
    text: 'Hello',
    imageUrl: null,
    scheduledAt: '2030-01-02T10:00:00.000Z',
    status: 'scheduled',
    statusNote: null,
    dueAt: null,
    createdAt: '2029-12-01T00:00:00.000Z',
    updatedAt: '2029-12-01T00:00:00.000Z',
    ...overrides,
  } as SocialPost;
}

/** RFC 5545 §3.1 unfolding: a CRLF followed by one space joins the lines. */
const unfold = (ics: string) => ics.replace(/\r\n /g, '');

describe('the content plan as an iCalendar file (RFC 5545)', () => {
  const long = `Sale, today; only\nhere \\ there — ${'é'.repeat(50)} 🎉${'x'.repeat(40)}`;
  const ics = postsToICalendar(
    [
      post({ id: 7, text: long }),
      post({
        id: 8,
        channel: 'x',
        text: `a${'🎉'.repeat(70)}`,
        status: 'draft',
        scheduledAt: '2030-06-30T23:50:00.000Z',
      }),
      post({ id: 9, scheduledAt: null }),
    ],
    'app.example.com',
    new Date('2029-12-31T08:09:10.123Z'),
  );

  test('every line ends with CRLF, no bare LF or CR, and no line is longer than 75 octets', () => {
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const lines = ics.slice(0, -2).split('\r\n');
    expect(lines.some((line) => /[\r\n]/.test(line))).toBe(false);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
    expect(lines.filter((line) => line.startsWith(' ')).length).toBeGreaterThan(2);
    // A fold never cuts a UTF-8 character (or a surrogate pair): the text survives unfolding whole.
    expect(ics).not.toContain('\uFFFD');
    expect(Buffer.from(ics, 'utf8').toString('utf8')).toBe(ics);
  });

  test('times are UTC stamps; text escapes backslash, semicolon, comma and line breaks', () => {
    const text = unfold(ics);
    expect(text).toContain('UID:post-7@app.example.com\r\n');
    expect(text).toContain('DTSTAMP:20291231T080910Z\r\n');
    expect(text).toContain('DTSTART:20300102T100000Z\r\nDTEND:20300102T101500Z\r\n');
    expect(text).toContain('DTSTART:20300630T235000Z\r\nDTEND:20300701T000500Z\r\n');
    expect(text).toContain(
      `DESCRIPTION:Sale\\, today\\; only\\nhere \\\\ there — ${'é'.repeat(50)} 🎉${'x'.repeat(40)}\r\n`,
    );
    expect(text).toContain('SUMMARY:Facebook: Sale\\, today\\; only\r\n');
    expect(text).toContain('STATUS:TENTATIVE\r\n');
  });

  test('a summary is cut at 60 characters, never inside an emoji; posts without a time are left out', () => {
    const text = unfold(ics);
    expect(text).toContain(`SUMMARY:X: a${'🎉'.repeat(59)}\r\n`);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(text).not.toContain('post-9@');
  });
});
