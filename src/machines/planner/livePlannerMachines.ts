import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { SocialPost } from '../../contracts/social.ts';
import type { Http } from '../../services/http/http.ts';
import { googleAdsCallback } from '../../services/planner/oauthApi.ts';
import { plannerKeys } from '../../services/planner/plannerKeys.ts';
import { oauthConnectMachine } from './oauthConnectMachine.ts';
import { plannerEditorMachine, type RescheduleInput, type SaveInput } from './plannerEditorMachine.ts';

// The posts' calls load with the first one, not with the first screen.
const social = () => import('../../services/planner/socialApi.ts');

/** The planner editor with its calls; every write refreshes the posts. */
export function createLivePlannerMachine(http: Http, queryClient: QueryClient) {
  const refresh = () => queryClient.invalidateQueries({ queryKey: plannerKeys.posts });
  return plannerEditorMachine.provide({
    actors: {
      savePost: fromPromise(async ({ input }: { input: SaveInput }) => {
        const { createPost, updatePost } = await social();
        const saved =
          input.id === null
            ? await createPost(http, input.post)
            : await updatePost(http, input.id, input.post);
        await refresh();
        return saved;
      }),
      deletePost: fromPromise(async ({ input }: { input: { id: number } }) => {
        await (await social()).deletePost(http, input.id);
        await refresh();
      }),
      reschedulePost: fromPromise(async ({ input }: { input: RescheduleInput }) => {
        const { post, scheduledAt } = input;
        // Optimistic: the card moves at once and moves back if the server refuses.
        queryClient.setQueryData<SocialPost[]>(plannerKeys.posts, (posts) =>
          posts?.map((p) => (p.id === post.id ? { ...p, scheduledAt } : p)),
        );
        try {
          const { updatePost } = await social();
          return await updatePost(http, post.id, {
            channel: post.channel,
            text: post.text,
            imageUrl: post.imageUrl,
            scheduledAt,
            // Moving a published or failed post plans it again.
            status: post.status === 'draft' ? 'draft' : 'scheduled',
          });
        } finally {
          await refresh();
        }
      }),
    },
  });
}

/** Connecting Google Ads: the code is exchanged by the server, then the catalogue refreshes. */
export function createLiveOAuthConnectMachine(http: Http, queryClient: QueryClient) {
  return oauthConnectMachine.provide({
    actors: {
      exchangeGoogle: fromPromise(({ input }: { input: { code: string; state: string } }) =>
        googleAdsCallback(http, input.code, input.state),
      ),
    },
    actions: {
      refresh: () => {
        void queryClient.invalidateQueries({ queryKey: plannerKeys.integrations });
      },
    },
  });
}
