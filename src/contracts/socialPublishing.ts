/**
 * Which integration publishes a planned post of each channel, and what the post editor says when the chosen
 * channel cannot publish (the due-post job marks such a post failed "not connected" at its time).
 */
import type { Integration, OAuthProvider } from './integrations.ts';
import { CHANNEL_LABELS, type SocialChannel } from './social.ts';

/** Only Facebook has a publishing integration here (Facebook Ads); the other networks have none yet. */
export const CHANNEL_PUBLISHER: Record<SocialChannel, OAuthProvider | null> = {
  facebook: 'facebook',
  instagram: null,
  linkedin: null,
  x: null,
};

/**
 * What a post of `channel` will meet at its time when it cannot be published, and what to do about it; null
 * when its integration is connected. `canManage`: the user may connect integrations (an Admin of the account).
 */
export function channelPublishWarning(
  channel: SocialChannel,
  integrations: readonly Integration[],
  canManage: boolean,
): string | null {
  const label = CHANNEL_LABELS[channel];
  const provider = CHANNEL_PUBLISHER[channel];
  const integration = integrations.find((entry) => entry.id === provider);
  if (integration?.connected) return null;
  const outcome = `at its time this post will be marked “not connected” and not published`;
  if (!provider || !integration) {
    return `${label} is not connected: this platform cannot publish to ${label} yet, so ${outcome}. Post it on ${label} yourself at its time.`;
  }
  if (!integration.configured) {
    return `${label} is not connected: ${integration.name} isn’t switched on for this platform yet, so ${outcome}. Ask your platform administrator to turn it on.`;
  }
  const who = canManage ? 'connect' : 'ask an Admin of this account to connect';
  return `${label} is not connected: ${who} ${integration.name} on the Integrations page before this post’s time, or ${outcome}.`;
}
