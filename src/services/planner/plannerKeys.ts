// Apart from plannerQueries.ts: the planner machines refresh by these keys without loading the queries.

/** Query keys of the planner and integrations data. */
export const plannerKeys = {
  posts: ['social', 'posts'],
  integrations: ['integrations'],
  webhooks: ['webhooks'],
  deliveries: (id: number) => ['webhooks', id, 'deliveries'],
} as const;
