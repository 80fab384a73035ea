import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useDeliveries } from '../../services/planner/plannerQueries.ts';

/** The last deliveries of one webhook: event, status, attempts, the receiver's answer. */
export function DeliveryLog({ webhookId }: { webhookId: number }) {
  const deliveries = useDeliveries(webhookId);
  if (!deliveries.data || deliveries.data.length === 0) {
    return (
      <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
        No deliveries yet.
      </Typography>
    );
  }
  // On a phone the five columns are wider than the screen: the log scrolls sideways in its own box (reachable
  // by keyboard), not the whole page.
  return (
    <TableContainer tabIndex={0} role="region" aria-label="Deliveries" sx={{ mt: 1, overflowX: 'auto' }}>
      <Table size="small" aria-label="Delivery log">
        <TableHead>
          <TableRow>
            <TableCell>Event</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Attempts</TableCell>
            <TableCell>Response</TableCell>
            <TableCell>When</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {deliveries.data.map((delivery) => (
            <TableRow key={delivery.id}>
              <TableCell>{delivery.event}</TableCell>
              <TableCell>{delivery.status}</TableCell>
              <TableCell>{delivery.attempts}</TableCell>
              <TableCell>{delivery.responseCode ?? delivery.lastError ?? '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {new Date(delivery.updatedAt).toLocaleString()}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
