/** Spec §5 messages of the page manager, word for word. */
export const PAGE_MESSAGES = {
  emptyName: 'Page name cannot be empty',
  emptyPath: 'Page path cannot be empty',
  pathInUse: 'This path is already in use. Please choose a different one.',
  lastPage: 'Cannot delete the last page.',
  confirmDelete: 'Are you sure you want to delete this page?',
} as const;

/** Lowercase, spaces to hyphens, anything but a-z, 0-9 and hyphen removed (spec §5). */
export function normalizePath(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '');
}

/** The error of a new page's name and path, or null when it can be created. */
export function validateNewPage(name: string, path: string, usedPaths: readonly string[]): string | null {
  if (name.trim() === '') return PAGE_MESSAGES.emptyName;
  const normalized = normalizePath(path);
  if (normalized === '') return PAGE_MESSAGES.emptyPath;
  if (usedPaths.includes(normalized)) return PAGE_MESSAGES.pathInUse;
  return null;
}
