import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { SpecPage } from '../../canvas/pagesData.ts';
import type { VersionSummary } from '../../contracts/versions.ts';
import type { Http } from '../http/http.ts';
import { useHttp } from '../http/httpContext.ts';
import { queryKeys } from '../http/queryKeys.ts';

export type { VersionSummary } from '../../contracts/versions.ts';

/** A version with its pages (for the preview) and its whole document (encoded Yjs state, base64). */
export type VersionDetail = VersionSummary & { pages: SpecPage[]; yjsState: string };

const base = (websiteId: string) => `website/${encodeURIComponent(websiteId)}/versions`;

/** GET /api/website/{id}/versions: newest first. */
export async function listVersions(http: Http, websiteId: string): Promise<VersionSummary[]> {
  return http.get(base(websiteId)).json<VersionSummary[]>();
}

/** GET /api/website/{id}/versions/{versionId}. */
export async function getVersion(http: Http, websiteId: string, versionId: number): Promise<VersionDetail> {
  return http.get(`${base(websiteId)}/${versionId}`).json<VersionDetail>();
}

/** POST /api/website/{id}/versions {name}: a version of the site as the server has it now. */
export async function createVersion(http: Http, websiteId: string, name: string): Promise<VersionSummary> {
  return http.post(base(websiteId), { json: { name } }).json<VersionSummary>();
}

/** The query key of a site's versions (under the websites key: a publish refreshes them too). */
export const versionsKey = (websiteId: string | null) =>
  [...queryKeys.websites, websiteId, 'versions'] as const;

/** A site's versions, read while `enabled` (the History dialog is open). */
export function useVersions(websiteId: string | null, enabled: boolean): UseQueryResult<VersionSummary[]> {
  const http = useHttp();
  return useQuery({
    queryKey: versionsKey(websiteId),
    queryFn: () => listVersions(http, websiteId as string),
    enabled: enabled && websiteId !== null,
  });
}

/** One version with its pages, for the read-only preview. */
export function useVersion(
  websiteId: string | null,
  versionId: number | null,
): UseQueryResult<VersionDetail> {
  const http = useHttp();
  return useQuery({
    queryKey: [...versionsKey(websiteId), versionId],
    queryFn: () => getVersion(http, websiteId as string, versionId as number),
    enabled: websiteId !== null && versionId !== null,
  });
}

/** Takes a named version and refreshes the history. */
export function useCreateVersion(websiteId: string | null): UseMutationResult<VersionSummary, Error, string> {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createVersion(http, websiteId as string, name),
    onSettled: () => queryClient.invalidateQueries({ queryKey: versionsKey(websiteId) }),
  });
}

/** Reads a version's whole document, for a tab to restore it as one local change. */
export function useFetchVersion(websiteId: string | null): UseMutationResult<VersionDetail, Error, number> {
  const http = useHttp();
  return useMutation({ mutationFn: (versionId: number) => getVersion(http, websiteId as string, versionId) });
}
