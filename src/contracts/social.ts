/** The social channels the content planner plans for. */
export const SOCIAL_CHANNELS = ['facebook', 'instagram', 'linkedin', 'x'] as const;
export type SocialChannel = (typeof SOCIAL_CHANNELS)[number];

export const POST_STATUSES = ['draft', 'scheduled', 'published', 'failed'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** Each network's own limit on a post's text, in characters (enforced by the form and the server). */
export const CHANNEL_LIMITS: Record<SocialChannel, number> = {
  facebook: 63_206,
  instagram: 2_200,
  linkedin: 3_000,
  x: 280,
};

export const CHANNEL_LABELS: Record<SocialChannel, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  x: 'X',
};

/** Characters as a person counts them (code points, so an emoji is one). */
export function postLength(text: string): number {
  return [...text].length;
}

/** The message for text over the channel's limit, or null when it fits. */
export function channelLimitError(channel: SocialChannel, text: string): string | null {
  const limit = CHANNEL_LIMITS[channel];
  return postLength(text) > limit
    ? `${CHANNEL_LABELS[channel]} posts are limited to ${limit} characters`
    : null;
}

/** The events an outgoing webhook can subscribe to. */
export const WEBHOOK_EVENTS = ['form.submitted', 'order.placed', 'contact.created'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** A planned post as the server returns it. */
export type SocialPost = {
  id: number;
  channel: SocialChannel;
  text: string;
  imageUrl: string | null;
  scheduledAt: string | null;
  status: PostStatus;
  /** Why a due post was not published ("not connected", a provider error). */
  statusNote: string | null;
  dueAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** What the editor sends: published and failed are set by the server's due job only. */
export type SocialPostInput = {
  channel: SocialChannel;
  text: string;
  imageUrl: string | null;
  scheduledAt: string | null;
  status: 'draft' | 'scheduled';
};
