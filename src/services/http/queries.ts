import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Account, User } from '../../contracts/auth.ts';
import type { BusinessProfile } from '../../contracts/business.ts';
import { listAccounts } from '../account/accountsApi.ts';
import { getBusinessProfile } from '../account/businessApi.ts';
import {
  deleteWebsite,
  listWebsites,
  uploadWebsiteImage,
  type WebsiteSummary,
} from '../builder/websiteApi.ts';
import { getMe } from '../session/userApi.ts';
import { useHttp } from './httpContext.ts';
import { queryKeys } from './queryKeys.ts';

/** The signed-in user, fresh from the server. */
export function useMe(): UseQueryResult<User> {
  const http = useHttp();
  return useQuery({ queryKey: queryKeys.me, queryFn: () => getMe(http) });
}

/** The accounts the user belongs to (the header's account switcher). */
export function useAccounts(): UseQueryResult<Account[]> {
  const http = useHttp();
  return useQuery({ queryKey: queryKeys.accounts, queryFn: () => listAccounts(http) });
}

/** The current account's business profile, `null` when none was set up. */
export function useBusinessProfile({ enabled = true } = {}): UseQueryResult<BusinessProfile | null> {
  const http = useHttp();
  return useQuery({ queryKey: queryKeys.businessProfile, queryFn: () => getBusinessProfile(http), enabled });
}

/** The account's websites ('Your Websites'). */
export function useWebsites(): UseQueryResult<WebsiteSummary[]> {
  const http = useHttp();
  return useQuery({ queryKey: queryKeys.websites, queryFn: () => listWebsites(http) });
}

/** Uploads a builder image (POST /api/website/upload-image) and yields its URL; errors carry the §8 alert. */
export function useUploadImage(): UseMutationResult<string, Error, File> {
  const http = useHttp();
  return useMutation({ mutationFn: (file: File) => uploadWebsiteImage(http, file) });
}

/** Deletes a website and refreshes the list. */
export function useDeleteWebsite(): UseMutationResult<void, Error, string> {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteWebsite(http, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.websites }),
  });
}
