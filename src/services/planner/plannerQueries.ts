import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Integration, OAuthProvider } from '../../contracts/integrations.ts';
import type { SocialPost } from '../../contracts/social.ts';
import type { CreatedWebhook, Delivery, Webhook, WebhookInput } from '../../contracts/webhooks.ts';
import { useHttp } from '../http/httpContext.ts';
import {
  createWebhook,
  deleteWebhook,
  disconnectIntegration,
  listDeliveries,
  listIntegrations,
  listWebhooks,
  sendTestDelivery,
} from './integrationsApi.ts';
import { plannerKeys } from './plannerKeys.ts';
import { listPosts } from './socialApi.ts';

export { plannerKeys } from './plannerKeys.ts';

/**
 * The account's planned posts; refreshed every 5 s while shown, so due posts change state on screen.
 * `enabled: false` for a role the server does not let read them (it would only answer 403).
 */
export function usePosts({ enabled = true } = {}): UseQueryResult<SocialPost[]> {
  const http = useHttp();
  return useQuery({
    queryKey: plannerKeys.posts,
    queryFn: () => listPosts(http),
    refetchInterval: 5000,
    enabled,
  });
}

export function useIntegrations(): UseQueryResult<Integration[]> {
  const http = useHttp();
  return useQuery({ queryKey: plannerKeys.integrations, queryFn: () => listIntegrations(http) });
}

export function useWebhooks(): UseQueryResult<Webhook[]> {
  const http = useHttp();
  return useQuery({ queryKey: plannerKeys.webhooks, queryFn: () => listWebhooks(http) });
}

/** A webhook's delivery log, polled while open so retries show up. */
export function useDeliveries(id: number): UseQueryResult<Delivery[]> {
  const http = useHttp();
  return useQuery({
    queryKey: plannerKeys.deliveries(id),
    queryFn: () => listDeliveries(http, id),
    refetchInterval: 2000,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: plannerKeys.integrations });
}

export function useDisconnect(): UseMutationResult<void, Error, OAuthProvider> {
  const http = useHttp();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (provider) => disconnectIntegration(http, provider),
    onSettled: invalidate,
  });
}

/** The webhooks list, then the catalogue: the Webhooks card's badge says whether any is active. */
function useInvalidateWebhooks() {
  const queryClient = useQueryClient();
  // Exact: the list only, not every delivery log under ['webhooks'] (a deleted one's would only 404).
  return () =>
    queryClient
      .invalidateQueries({ queryKey: plannerKeys.webhooks, exact: true })
      .then(() => queryClient.invalidateQueries({ queryKey: plannerKeys.integrations }));
}

export function useCreateWebhook(): UseMutationResult<CreatedWebhook, Error, WebhookInput> {
  const http = useHttp();
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: (input) => createWebhook(http, input),
    onSettled: invalidate,
  });
}

export function useDeleteWebhook(): UseMutationResult<void, Error, number> {
  const http = useHttp();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: (id) => deleteWebhook(http, id),
    onSuccess: (_, id) => {
      // Off the list at once (its log unmounts), and its log's query dropped: it is never asked for again.
      queryClient.setQueryData<Webhook[]>(plannerKeys.webhooks, (list) =>
        list?.filter((hook) => hook.id !== id),
      );
      queryClient.removeQueries({ queryKey: plannerKeys.deliveries(id) });
    },
    onSettled: invalidate,
  });
}

export function useSendTest(): UseMutationResult<void, Error, number> {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id) => sendTestDelivery(http, id),
    onSettled: (_, __, id) => queryClient.invalidateQueries({ queryKey: plannerKeys.deliveries(id) }),
  });
}
