import type { OutboxQuery } from '../../contracts/admin.ts';
import type { ActivityFilter, JobState, PageRequest } from './adminApi.ts';

// Apart from adminQueries.ts: the admin machine refreshes by these keys without loading the admin queries.

/** Keys of the admin area's data. */
export const adminQueryKeys = {
  all: ['admin'] as const,
  users: (request: PageRequest & { search?: string }) => ['admin', 'users', request] as const,
  activity: (filter: ActivityFilter) => ['admin', 'activity', filter] as const,
  reviews: ['admin', 'reviews'] as const,
  credits: ['admin', 'credits'] as const,
  jobs: (state?: JobState) => ['admin', 'jobs', state ?? 'all'] as const,
  outbox: (query: OutboxQuery) => ['admin', 'outbox', query] as const,
};

/** Keys of the signed-in user's own review data (the review popup's machine refreshes them after a review). */
export const reviewQueryKeys = {
  myCredits: ['review', 'credits', 'me'] as const,
};
