import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { DragEvent, KeyboardEvent } from 'react';
import type { SocialPost } from '../../contracts/social.ts';
import { CHANNEL_LABELS } from '../../contracts/social.ts';
import { visuallyHidden } from '../common/visuallyHidden.ts';
import { dayKey, moveToDay, sameDay, visibleDays } from './calendarDates.ts';

type Props = {
  anchor: Date;
  view: 'month' | 'week';
  posts: SocialPost[];
  onOpenPost: (post: SocialPost) => void;
  onNewOnDay: (day: Date) => void;
  onMovePost: (post: SocialPost, scheduledAt: string) => void;
};

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const DRAG_TYPE = 'application/x-bizsite-post';

/** Month or week grid; posts are dragged between days to reschedule (time of day kept). */
export function PlannerCalendar({ anchor, view, posts, onOpenPost, onNewOnDay, onMovePost }: Props) {
  const days = visibleDays(anchor, view);
  const today = new Date();

  const handleDrop = (event: DragEvent, day: Date) => {
    event.preventDefault();
    const id = Number(event.dataTransfer.getData(DRAG_TYPE));
    const post = posts.find((p) => p.id === id);
    if (post?.scheduledAt && !sameDay(new Date(post.scheduledAt), day))
      onMovePost(post, moveToDay(post.scheduledAt, day));
  };

  return (
    <Box
      role="grid"
      aria-label={view === 'month' ? 'Month calendar' : 'Week calendar'}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 0.5 }}
    >
      {/* Rows of a grid hold its cells; `display: contents` keeps the seven-column layout. */}
      <Box role="row" sx={{ display: 'contents' }}>
        {WEEKDAYS.map((name) => (
          <Typography
            key={name}
            role="columnheader"
            variant="caption"
            sx={{ textAlign: 'center', fontWeight: 600 }}
          >
            {name}
          </Typography>
        ))}
      </Box>
      {weeksOf(days).map((week) => (
        <Box key={dayKey(week[0])} role="row" sx={{ display: 'contents' }}>
          {week.map((day) => renderDay(day))}
        </Box>
      ))}
    </Box>
  );

  function renderDay(day: Date) {
    const mine = posts.filter((p) => p.scheduledAt && sameDay(new Date(p.scheduledAt), day));
    const outside = view === 'month' && day.getMonth() !== anchor.getMonth();
    return (
      <Paper
        key={dayKey(day)}
        role="gridcell"
        data-day={dayKey(day)}
        variant="outlined"
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => handleDrop(e, day)}
        onDoubleClick={() => onNewOnDay(day)}
        sx={{
          minHeight: view === 'month' ? 96 : 240,
          p: 0.5,
          // Days of the next or last month are muted by colour (opacity would fail text contrast).
          color: outside ? 'text.secondary' : undefined,
          bgcolor: outside ? 'grey.50' : undefined,
          borderColor: sameDay(day, today) ? 'primary.main' : undefined,
        }}
      >
        {/* The date in full for assistive technology, its day number on screen. */}
        <Typography variant="caption">
          <span aria-hidden="true">{day.getDate()}</span>
          <Box component="span" sx={visuallyHidden}>
            {day.toDateString()}
          </Box>
        </Typography>
        {mine.map((post) => (
          <Box
            key={post.id}
            role="button"
            tabIndex={0}
            draggable
            onKeyDown={(e: KeyboardEvent) => {
              if (e.key === 'Enter' || e.key === ' ') onOpenPost(post);
            }}
            onDragStart={(e: DragEvent) => e.dataTransfer.setData(DRAG_TYPE, String(post.id))}
            onClick={() => onOpenPost(post)}
            aria-label={`${CHANNEL_LABELS[post.channel]} post: ${post.text.slice(0, 40)}`}
            sx={{
              display: 'block',
              width: '100%',
              textAlign: 'left',
              mb: 0.5,
              p: 0.5,
              borderRadius: 1,
              cursor: 'grab',
              fontSize: 12,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              bgcolor:
                post.status === 'failed'
                  ? 'error.light'
                  : post.status === 'published'
                    ? 'success.light'
                    : 'action.hover',
            }}
          >
            {new Date(post.scheduledAt ?? '').toLocaleTimeString([], {
              hour: '2-digit',
              minute: '2-digit',
            })}{' '}
            {CHANNEL_LABELS[post.channel]}: {post.text}
          </Box>
        ))}
      </Paper>
    );
  }
}

/** The visible days, seven to a row. */
function weeksOf(days: Date[]): Date[][] {
  const weeks: Date[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}
