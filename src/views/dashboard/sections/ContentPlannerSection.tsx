import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { appRoute, type PlannerView } from '../../../contracts/appRoutes.ts';
import type { SocialPost } from '../../../contracts/social.ts';
import { selectPlannerRef } from '../../../machines/app/appSelectors.ts';
import { useHttp } from '../../../services/http/httpContext.ts';
import { usePosts } from '../../../services/planner/plannerQueries.ts';
import { exportPlan } from '../../../services/planner/socialApi.ts';
import { useAppActor } from '../../appActorContext.ts';
import { RecordPlaceDialog } from '../../common/RecordPlaceDialog.tsx';
import { useCan, useViewOnly } from '../../common/useCan.ts';
import { useNavigate, useRoute } from '../../common/useRoute.ts';
import { ViewOnlyNote } from '../../common/ViewOnlyNote.tsx';
import { dayKey, fromDayKey, shift } from '../../planner/calendarDates.ts';
import { PlannerCalendar } from '../../planner/PlannerCalendar.tsx';
import { PostEditorDialog } from '../../planner/PostEditorDialog.tsx';
import { PostList } from '../../planner/PostList.tsx';
import { POST_GONE_HERE, usePostPlace } from '../../planner/usePostPlace.ts';
import { SectionPlaceholder, type SectionProps } from '../SectionPlaceholder.tsx';

/** Social Media: the content planner (month, week, list), its editor and the iCalendar export. */
export function ContentPlannerSection({ title }: SectionProps) {
  const planner = useSelector(useAppActor(), selectPlannerRef);
  const http = useHttp();
  // The server lets only roles with account.work read the posts: no request (and no 403) for the others.
  const canWork = useCan('account.work');
  const posts = usePosts({ enabled: canWork });
  // The editor's post is in the address too (`?item=<id>`, `?item=new`): a reload, Back or a link opens it.
  const postPlace = usePostPlace(posts.data ?? null);
  // The view and the day shown are in the address (/social?view=week&date=…): a reload or Back keeps them.
  const route = useRoute();
  const navigate = useNavigate();
  const params = route.name === 'social' ? route.params : {};
  const view: PlannerView = params.view ?? 'month';
  const anchor = useMemo(() => (params.date ? fromDayKey(params.date) : new Date()), [params.date]);
  const setView = (next: PlannerView) =>
    navigate(appRoute('social', { ...params, view: next === 'month' ? undefined : next }));
  const setAnchor = (next: Date | null) =>
    navigate(appRoute('social', { ...params, date: next ? dayKey(next) : undefined }), { replace: true });

  const handleOpen = (post: SocialPost) => planner?.send({ type: 'planner.edit', post });
  const handleNewOnDay = (day: Date) => {
    const at = new Date(day.getFullYear(), day.getMonth(), day.getDate(), 9, 0);
    planner?.send({ type: 'planner.new', scheduledAt: at > new Date() ? at.toISOString() : undefined });
  };
  const handleExport = async () => {
    const blob = await exportPlan(http);
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = 'content-plan.ics';
    link.click();
    URL.revokeObjectURL(url);
  };

  const intro = (
    <Typography sx={{ color: 'text.secondary' }}>
      Plan posts for Facebook, Instagram, LinkedIn and X. At its time a scheduled post is published through a
      connected integration (Facebook Ads under Integrations); without one it is marked “not connected”.
    </Typography>
  );
  if (!canWork)
    return (
      <SectionPlaceholder title={title}>
        {intro}
        <ViewOnlyNote permission="account.work" />
        <SocialNotShared />
      </SectionPlaceholder>
    );

  return (
    <SectionPlaceholder title={title}>
      {intro}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => planner?.send({ type: 'planner.new' })}>
          New post
        </Button>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_, next: PlannerView | null) => next && setView(next)}
          aria-label="Planner view"
        >
          <ToggleButton value="month">Month</ToggleButton>
          <ToggleButton value="week">Week</ToggleButton>
          <ToggleButton value="list">List</ToggleButton>
        </ToggleButtonGroup>
        {view !== 'list' ? (
          <>
            <Button size="small" onClick={() => setAnchor(shift(anchor, view, -1))} aria-label="Previous">
              ‹
            </Button>
            <Button size="small" onClick={() => setAnchor(null)}>
              Today
            </Button>
            <Button size="small" onClick={() => setAnchor(shift(anchor, view, 1))} aria-label="Next">
              ›
            </Button>
            <Typography sx={{ fontWeight: 600 }}>
              {anchor.toLocaleDateString(undefined, { month: 'long', year: 'numeric' })}
            </Typography>
          </>
        ) : null}
        <Button size="small" onClick={() => void handleExport()} sx={{ ml: 'auto' }}>
          Export .ics
        </Button>
      </Stack>
      {posts.isError ? <Alert severity="error">Could not load the posts</Alert> : null}
      {view === 'list' ? (
        <PostList posts={posts.data ?? []} onOpenPost={handleOpen} />
      ) : (
        <PlannerCalendar
          anchor={anchor}
          view={view}
          posts={posts.data ?? []}
          onOpenPost={handleOpen}
          onNewOnDay={handleNewOnDay}
          onMovePost={(post, scheduledAt) => planner?.send({ type: 'planner.reschedule', post, scheduledAt })}
        />
      )}
      <PostEditorDialog />
      {postPlace.missing ? (
        <RecordPlaceDialog
          title="Edit post"
          loading={postPlace.missing.loading}
          gone={POST_GONE_HERE}
          onClose={postPlace.close}
        />
      ) : null}
    </SectionPlaceholder>
  );
}

/** Why a role without account.work sees no posts: the server shares them with Users and Admins only. */
function SocialNotShared() {
  return useViewOnly('account.work') ? (
    <Typography>The planned posts are shared with this account’s Users and Admins only.</Typography>
  ) : null;
}
