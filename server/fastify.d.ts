// The one place where the request and instance decorations are typed.
import type { AuthUser } from './auth/authUser.ts';
import type { Collab } from './collab/collabServer.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate`; only read it in routes that use that preHandler. */
    user: AuthUser;
    /** The account the request acts on (X-Account-Id, or the user's first account); null if none. */
    accountId: number | null;
  }
  interface FastifyInstance {
    /**
     * onRequest hook of every authenticated route (before the body is even parsed, so an
     * expired session is a 401 whatever the body): verifies the bearer token and the account
     * header, sets `request.user` and `request.accountId`.
     */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** The builder's document sync (WebSocket /api/collab): tests reach its live documents through it. */
    collab: Collab;
  }
}
