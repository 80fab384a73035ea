import type { TokenService } from '../auth/tokens.ts';
import type { RateLimitStore } from '../cluster/sharedRateLimits.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import type { JobEngine } from '../jobs/jobEngine.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import type { OrderEvents } from '../shop/orderEvents.ts';

/** What every route plugin receives as its options. */
export type RouteDeps = {
  db: Db;
  tokens: TokenService;
  config: Config;
  /** The running job engine; null when the app runs without one (most API tests). */
  jobs: JobEngine | null;
  /** Card payments (Stripe Checkout); null when the server is not configured for them. */
  payments: PaymentGateway | null;
  /** What happens beside an order's own rows when it is placed or changes (mails, CRM, webhooks). */
  orderEvents: OrderEvents;
  /** Spread into every @fastify/rate-limit registration: where its counters live (Redis with REDIS_URL). */
  rateLimitStore: RateLimitStore['options'];
};
