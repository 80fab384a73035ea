import { useCallback } from 'react';
import { appRoute } from '../../contracts/appRoutes.ts';
import { useCrmRecord } from '../../services/crm/crmQueries.ts';
import { useNavigate, useRoute } from '../common/useRoute.ts';

/** What a list keeps in the address while one of its records is open (its search, page and size). */
type Kept = { list?: string; q?: string; page?: string; size?: string };

/**
 * The record a CRM list's dialog shows, from the address (`/crm/leads?item=42`, `?item=new` for a new one; the
 * list's search and page kept): a reload, Back or a link opens it again. It is the row of the page shown, or the
 * record read by its id when the page does not hold it (`rows`: the page's rows, undefined until read).
 */
export function useRecordPlace<T extends { id: number }>(
  section: 'leads' | 'activities',
  kept: Kept,
  rows: readonly T[] | undefined,
) {
  const route = useRoute();
  const navigate = useNavigate();
  const item = route.name === 'crm' && route.params.section === section ? route.params.item : undefined;
  const id = item !== undefined && /^\d+$/.test(item) ? Number(item) : null;
  const onPage = rows?.find((row) => row.id === id);

  const fetched = useCrmRecord<T>(section, id, rows !== undefined && onPage === undefined);
  // Kept while it is read again (a save refreshes it): the dialog showing it stays, and closes once saved.
  const record = onPage ?? (fetched.data?.id === id ? fetched.data : null);
  const open = useCallback(
    (next: string | null) => navigate(appRoute('crm', { section, ...kept, item: next ?? undefined })),
    [navigate, section, kept],
  );
  const close = useCallback(() => open(null), [open]);
  return {
    /** The address's record: an id, `new`, or undefined when none is open. */
    item,
    record,
    /** Still being read: the page, or the record by its id. */
    loading: item !== undefined && record === null && (rows === undefined || fetched.isFetching),
    open,
    close,
  };
}
