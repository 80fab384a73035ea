import { useSelector } from '@xstate/react';
import { useEffect, useEffectEvent, useRef } from 'react';
import { appRoute } from '../../contracts/appRoutes.ts';
import type { SocialPost } from '../../contracts/social.ts';
import { selectPlannerRef } from '../../machines/app/appSelectors.ts';
import { type PlannerSnapshot, selectEditorOpen } from '../../machines/planner/plannerEditorMachine.ts';
import { useAppActor } from '../appActorContext.ts';
import { useNavigate, useRoute } from '../common/useRoute.ts';

export const POST_GONE_HERE =
  'This post was not found: it may have been deleted. Pick a post from the planner or add a new one.';

/** The post the editor holds, as the address writes it: its id, `new`, or null when the editor is closed. */
const editorItem = (s: PlannerSnapshot | undefined) =>
  s && selectEditorOpen(s) ? String(s.context.draft.id ?? 'new') : null;

/**
 * The post editor's place in the address (`/social?item=<id>`, `?item=new`, the planner's view and day kept):
 * opening, saving or closing the editor writes it (Back steps), and an address that names a post — a reload, Back,
 * a link — opens its editor. Back from an editor with typed changes keeps it open with the unsaved hint (only
 * Cancel throws typing away). `posts` is the planner's list (every post), null until it is read.
 */
export function usePostPlace(posts: readonly SocialPost[] | null) {
  const planner = useSelector(useAppActor(), selectPlannerRef);
  const opened = useSelector(planner, editorItem);
  const route = useRoute();
  const navigate = useNavigate();
  const params = route.name === 'social' ? route.params : {};
  const asked = params.item ?? null;
  // The place the editor and the address last agreed on: which of the two moved is told from it.
  const agreed = useRef<string | null>(null);
  const write = useEffectEvent((item: string | null, replace: boolean) =>
    navigate(appRoute('social', { ...params, item: item ?? undefined }), { replace }),
  );
  const follow = useEffectEvent(() => {
    if (!planner) return;
    if (asked === null) {
      // Back from the editor: it closes unless something was typed, which stays with its hint (and its address).
      planner.send({ type: 'planner.dismiss' });
      const still = editorItem(planner.getSnapshot());
      agreed.current = still;
      if (still !== null) write(still, true);
      return;
    }
    if (opened !== null) return;
    if (asked === 'new') {
      agreed.current = asked;
      planner.send({ type: 'planner.new' });
      return;
    }
    const post = posts?.find((p) => String(p.id) === asked);
    if (!post) return;
    agreed.current = asked;
    planner.send({ type: 'planner.edit', post });
  });
  const postsRead = posts !== null;
  const running = planner !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the posts read and the planner started let `follow` open a post
  useEffect(() => {
    if (opened === asked) {
      agreed.current = opened;
      return;
    }
    if (opened !== agreed.current) {
      // The editor moved (opened from the calendar or the assistant, saved, closed): the address follows.
      agreed.current = opened;
      write(opened, false);
      return;
    }
    follow();
  }, [opened, asked, postsRead, running]);

  // Not while the address is about to follow an editor just closed (a post deleted is no longer in the list).
  const gone =
    asked !== null &&
    asked !== 'new' &&
    opened === null &&
    asked !== agreed.current &&
    !posts?.some((p) => String(p.id) === asked);
  return {
    /** The address names a post the editor cannot show (yet): loading while the posts are read, else gone. */
    missing: gone ? { loading: posts === null || !running } : null,
    close: () => write(null, false),
  };
}
