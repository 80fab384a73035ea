import { useMemo } from 'react';
import { appRoute } from '../../contracts/appRoutes.ts';
import { MAX_LIST_PAGE } from '../../contracts/crmApi.ts';
import { useNavigate, useRoute } from '../common/useRoute.ts';
import { useServerPaging } from './ServerPagedList.tsx';

/**
 * A CRM list's place in the address: its search and page (`?q=…&page=…`, and the contacts' list filter
 * `?list=…`), kept while one of its contacts is open, so a reload, Back or a shared link shows the same rows.
 */
export function useCrmListPlace(section: 'contacts' | 'leads' | 'activities') {
  const route = useRoute();
  const navigate = useNavigate();
  const params: { list?: string; q?: string; page?: string } =
    route.name === 'crm' || route.name === 'crmContact' ? route.params : {};
  const { list, q } = params;
  const page = Math.min(MAX_LIST_PAGE, Math.max(1, Number(params.page ?? 1)));
  const paging = useServerPaging({
    search: q ?? '',
    page,
    write: (place, options) =>
      navigate(
        appRoute('crm', {
          section,
          list,
          q: place.search || undefined,
          page: place.page > 1 ? String(place.page) : undefined,
        }),
        options,
      ),
  });
  /** The place's own params, for the addresses that keep it (an opened contact, its closing). */
  const shown = page > 1 ? String(page) : undefined;
  const kept = useMemo(() => ({ list, q, page: shown }), [list, q, shown]);
  return { paging, kept };
}
