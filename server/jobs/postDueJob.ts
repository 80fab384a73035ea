import { CHANNEL_PUBLISHER } from '../../src/contracts/socialPublishing.ts';
import type { Db } from '../db/types.ts';
import type { OAuthSettings } from '../integrations/oauthSettings.ts';
import { OutboundError, type OutboundPolicy, safeFetch } from '../net/safeFetch.ts';
import { findAccessToken } from '../repositories/oauthConnections.ts';
import { markDue, setOutcome } from '../repositories/socialPosts.ts';

export type PostDueData = { accountId: number; postId: number; scheduledAt: string };

/** The note a due post carries when no integration can publish it. */
export const NOT_CONNECTED = 'not connected';

/**
 * Runs when a scheduled post falls due (queued with startAfter = its time): marks it due, then
 * publishes it through the account's connected integration, or marks it failed "not connected".
 */
export async function handlePostDue(
  db: Db,
  oauth: OAuthSettings | null,
  data: PostDueData,
  outbound: OutboundPolicy,
): Promise<string> {
  const post = await markDue(db, data.accountId, data.postId, data.scheduledAt);
  if (!post) return 'skipped: rescheduled, edited or deleted';
  const provider = CHANNEL_PUBLISHER[post.channel];
  const token = provider ? await findAccessToken(db, data.accountId, provider) : null;
  if (!token) {
    await setOutcome(db, data.accountId, post.id, 'failed', NOT_CONNECTED);
    return NOT_CONNECTED;
  }
  const publishUrl = oauth?.facebook?.publishUrl;
  if (!publishUrl) {
    await setOutcome(db, data.accountId, post.id, 'failed', 'Facebook publishing is not configured');
    return 'not configured';
  }
  const form = new URLSearchParams({ message: post.text, access_token: token });
  if (post.imageUrl?.startsWith('http')) form.set('link', post.imageUrl);
  try {
    // Through the guarded client like every outgoing call; a redirect is not followed (not ok).
    const response = await safeFetch(publishUrl, { method: 'POST', body: form }, outbound);
    if (response.ok) {
      await setOutcome(db, data.accountId, post.id, 'published', null);
      return 'published';
    }
    await setOutcome(db, data.accountId, post.id, 'failed', `Facebook answered ${response.status}`);
  } catch (error) {
    const refused = error instanceof OutboundError && error.reason === 'refused';
    await setOutcome(
      db,
      data.accountId,
      post.id,
      'failed',
      refused
        ? 'The Facebook publishing address is not a public internet address'
        : 'Facebook could not be reached',
    );
  }
  return 'failed';
}
