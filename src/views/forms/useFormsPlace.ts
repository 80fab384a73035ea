import { appRoute, type RouteParams } from '../../contracts/appRoutes.ts';
import { SUBMISSIONS_PAGE_SIZE } from '../../contracts/forms.ts';
import { useNavigate, useRoute } from '../common/useRoute.ts';
import { type PageSizes, pageOf, shownOf, useServerPaging } from '../common/useServerPaging.ts';

type FormsParams = RouteParams<'forms'>;

// The inbox has one page size: the address holds its page, never a size.
const SIZES: PageSizes = { sizes: [SUBMISSIONS_PAGE_SIZE], fallback: SUBMISSIONS_PAGE_SIZE };

/**
 * The form inbox's place as the address says it (`/forms?site=…&q=…&page=…&submission=…`, see
 * contracts/appRoutes.ts) and the moves between places: the search box and the pages as every server-paged list
 * keeps them (`useServerPaging`), the website filter (no Back step; it starts again at the first page), a
 * submission opened (a Back step) or closed, and a param dropped that names nothing (no Back step).
 */
export function useFormsPlace() {
  const route = useRoute();
  const navigate = useNavigate();
  const params: FormsParams = route.name === 'forms' ? route.params : {};
  const go = (next: FormsParams, replace: boolean) => navigate(appRoute('forms', next), { replace });
  const paging = useServerPaging({
    search: params.q ?? '',
    page: pageOf(params.page),
    pageSize: SUBMISSIONS_PAGE_SIZE,
    write: (place, options) =>
      go({ ...params, q: place.search || undefined, page: shownOf(place, SIZES).page }, options.replace),
  });
  return {
    paging,
    /** The website asked for (it may name none that exists), the opened submission. */
    siteId: params.site ?? null,
    submissionId: params.submission ?? null,
    chooseSite: (site: string | null) =>
      go({ ...params, site: site ?? undefined, page: undefined, submission: undefined }, true),
    open: (submission: string) => go({ ...params, submission }, false),
    /** Closes the opened submission: a Back step from the phone's Back to submissions, none after a Delete. */
    close: (replace: boolean) => go({ ...params, submission: undefined }, replace),
    /** Drops a param that names nothing (a deleted website or submission) without a Back step. */
    forget: (param: 'site' | 'submission') => go({ ...params, [param]: undefined }, true),
    /** Goes to another page without a Back step (a page past the last one, shown as the last). */
    replacePage: (page: number) => go({ ...params, page: page > 1 ? String(page) : undefined }, true),
  };
}
