import { useMemo } from 'react';
import { appRoute } from '../../contracts/appRoutes.ts';
import { useNavigate, useRoute } from '../common/useRoute.ts';
import { pageOf, pageSizeOf, shownOf, useServerPaging } from '../common/useServerPaging.ts';

/**
 * A CRM list's place in the address: its search, page and page size (`?q=…&page=…&size=…`, and the contacts'
 * list filter `?list=…`), kept while one of its contacts is open, so a reload, Back or a shared link shows the
 * same rows. The first page and the default size are left out of the address.
 */
export function useCrmListPlace(section: 'contacts' | 'leads' | 'activities') {
  const route = useRoute();
  const navigate = useNavigate();
  const params: { list?: string; q?: string; page?: string; size?: string } =
    route.name === 'crm' || route.name === 'crmContact' ? route.params : {};
  // Only the contacts have lists to filter by.
  const list = section === 'contacts' ? params.list : undefined;
  const { q } = params;
  const page = pageOf(params.page);
  const pageSize = pageSizeOf(params.size);
  const paging = useServerPaging({
    search: q ?? '',
    page,
    pageSize,
    write: (place, options) =>
      navigate(appRoute('crm', { section, list, q: place.search || undefined, ...shownOf(place) }), options),
  });
  /** The place's own params, for the addresses that keep it (an opened contact, its closing). */
  const { page: shown, size } = shownOf({ page, pageSize });
  const kept = useMemo(() => ({ list, q, page: shown, size }), [list, q, shown, size]);
  return { paging, kept };
}
