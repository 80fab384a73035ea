import Box from '@mui/material/Box';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { selectIsAdmin, selectUser } from '../../machines/sessionMachine.ts';
import type { User } from '../../services/apiTypes.ts';
import { useMe } from '../../services/queries.ts';
import { useSessionRef } from '../appActorContext.ts';
import { ReviewDialog } from '../review/ReviewDialog.tsx';
import { TourDialog } from '../tour/TourDialog.tsx';
import { DashboardHeader } from './DashboardHeader.tsx';
import { SectionView } from './SectionView.tsx';
import { Sidebar } from './Sidebar.tsx';
import { type SectionId, sectionTitle } from './sections.ts';

const sameUser = (a: User, b: User | null) =>
  b !== null && (Object.keys(a) as Array<keyof User>).every((key) => a[key] === b[key]);

/** The dashboard shell: sidebar, header, the chosen section, the tour and the review button. */
export function Dashboard({ initialSection = 'websites' }: { initialSection?: SectionId }) {
  const session = useSessionRef();
  const user = useSelector(session, selectUser);
  const isAdmin = useSelector(session, selectIsAdmin);
  const [section, setSection] = useState<SectionId>(initialSection);
  const [wide, setWide] = useState(true);
  // Also proves the stored token is still good: a revoked one ends the session right here.
  const me = useMe();

  // The server is the authority on role, plan and status; keep the stored user in step.
  useEffect(() => {
    if (me.data && !sameUser(me.data, user)) session.send({ type: 'session.userUpdated', user: me.data });
  }, [me.data, user, session]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Sidebar
        section={section}
        wide={wide}
        isAdmin={isAdmin}
        onNavigate={setSection}
        onToggleWide={() => setWide(!wide)}
      />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <DashboardHeader title={sectionTitle(section)} onNavigate={setSection} />
        <Box component="main" sx={{ p: 3, flex: 1 }}>
          <SectionView section={section} />
        </Box>
      </Box>
      <TourDialog />
      <ReviewDialog />
    </Box>
  );
}
