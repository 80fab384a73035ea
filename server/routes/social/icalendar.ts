// Hand-written on purpose: no iCalendar library is in the tree (neither ical-generator nor ics); adding one
// (e.g. ical-generator) would need a new dependency. This file covers what the plan's export needs of RFC 5545:
// CRLF lines folded at 75 octets, TEXT escaping, UTC stamps (tests/server/icalendar.test.ts).
import type { SocialPost } from '../../repositories/socialPosts.ts';

/** RFC 5545 §3.3.11 TEXT: backslash, semicolon and comma escaped; line breaks become \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * RFC 5545 §3.1: lines longer than 75 octets are folded with CRLF and one space, never inside a
 * UTF-8 character.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // The first line holds 75 octets; continuation lines 74 after their leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function stamp(iso: string): string {
  return `${iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`;
}

const TITLES: Record<SocialPost['channel'], string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  x: 'X',
};

/** The plan as an iCalendar file: one 15-minute event per post that has a time. */
export function postsToICalendar(posts: SocialPost[], host: string, now = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//BizSite//Content Planner//EN',
    'CALSCALE:GREGORIAN',
  ];
  for (const post of posts) {
    if (!post.scheduledAt) continue;
    const start = new Date(post.scheduledAt);
    const end = new Date(start.getTime() + 15 * 60_000);
    // The first line's first 60 characters (code points: an emoji is never cut into a lone surrogate).
    const firstLine = Array.from(post.text.split(/\r\n|\r|\n/)[0] ?? '');
    const summary = `${TITLES[post.channel]}: ${firstLine.slice(0, 60).join('')}`;
    lines.push(
      'BEGIN:VEVENT',
      `UID:post-${post.id}@${host}`,
      `DTSTAMP:${stamp(now.toISOString())}`,
      `DTSTART:${stamp(start.toISOString())}`,
      `DTEND:${stamp(end.toISOString())}`,
      `SUMMARY:${escapeText(summary)}`,
      `DESCRIPTION:${escapeText(post.text)}`,
      `CATEGORIES:${escapeText(TITLES[post.channel])}`,
      `STATUS:${post.status === 'draft' ? 'TENTATIVE' : 'CONFIRMED'}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
