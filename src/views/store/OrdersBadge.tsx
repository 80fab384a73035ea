import Badge from '@mui/material/Badge';
import type { ReactNode } from 'react';
import { useOrdersSummary } from '../../services/store/ordersSummary.ts';

/** The store's sidebar icon with the number of orders waiting for the owner (none shown at 0). */
export function OrdersBadge({ children }: { children: ReactNode }) {
  const count = useOrdersSummary().data?.needsAction ?? 0;
  if (count <= 0) return <>{children}</>;
  const label = count === 1 ? '1 order needs action' : `${count} orders need action`;
  return (
    <Badge badgeContent={count} max={99} color="error" role="status" aria-label={label} title={label}>
      {children}
    </Badge>
  );
}
