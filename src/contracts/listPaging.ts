/**
 * The highest page number a paged list accepts (the CRM's lists, the forms inbox), in a module of its own: the
 * published sites' script reads contracts/forms.ts, and must not bring the CRM's schemas with this number.
 */
export const MAX_LIST_PAGE = 100_000;
