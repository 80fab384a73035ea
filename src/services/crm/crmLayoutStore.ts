/** One widget's place on the CRM dashboard grid. */
export type WidgetLayout = { i: string; x: number; y: number; w: number; h: number };

const key = (userId: string) => `crmDashboardLayout:${userId}`;

/** The dashboard layout this user arranged in this browser; null when none (or unreadable). */
export function readCrmLayout(userId: string, storage: Storage = localStorage): WidgetLayout[] | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key(userId)) ?? 'null');
    if (!Array.isArray(parsed)) return null;
    return parsed.filter(
      (item): item is WidgetLayout =>
        typeof item === 'object' &&
        item !== null &&
        typeof item.i === 'string' &&
        ['x', 'y', 'w', 'h'].every((n) => Number.isFinite(item[n])),
    );
  } catch {
    return null;
  }
}

export function saveCrmLayout(
  userId: string,
  layout: readonly WidgetLayout[],
  storage: Storage = localStorage,
): void {
  const plain = layout.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));
  storage.setItem(key(userId), JSON.stringify(plain));
}
