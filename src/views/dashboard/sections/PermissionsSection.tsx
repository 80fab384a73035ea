import CheckIcon from '@mui/icons-material/Check';
import RemoveIcon from '@mui/icons-material/Remove';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { usePermissions } from '../../../services/session/permissionsQueries.ts';
import { useCurrentAccount } from '../../common/useCan.ts';
import { SectionPlaceholder, type SectionProps } from '../SectionPlaceholder.tsx';

function Mark({ allowed }: { allowed: boolean }) {
  return allowed ? (
    <CheckIcon color="success" aria-label="Allowed" />
  ) : (
    <RemoveIcon aria-label="Not allowed" />
  );
}

/** Settings › Permissions: the role matrix read from the server, which checks exactly this table. */
export function PermissionsSection({ title }: SectionProps) {
  const account = useCurrentAccount();
  const matrix = usePermissions();
  return (
    <SectionPlaceholder title={title}>
      <Typography>
        Roles apply per account{account ? ` (now: ${account.name})` : ''}. Every account keeps at least one
        Admin.
      </Typography>
      {matrix.isPending ? <CircularProgress aria-label="Loading permissions" /> : null}
      {matrix.isError ? <Alert severity="error">Could not load the permissions</Alert> : null}
      {matrix.data ? (
        // On a phone the table scrolls sideways within its box, not the whole page.
        <TableContainer sx={{ maxWidth: 720 }}>
          <Table size="small" aria-label="Account roles">
            <TableHead>
              <TableRow>
                <TableCell>Permission</TableCell>
                {matrix.data.roles.map((role) => (
                  <TableCell key={role} align="center">
                    {role}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {matrix.data.permissions.map((permission) => (
                <TableRow key={permission.id}>
                  <TableCell component="th" scope="row">
                    {permission.label}
                  </TableCell>
                  {matrix.data.roles.map((role) => (
                    <TableCell key={role} align="center">
                      <Mark allowed={permission.roles[role] === true} />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </SectionPlaceholder>
  );
}
