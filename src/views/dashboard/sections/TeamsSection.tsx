import { AccountSettings } from '../../account/AccountSettings.tsx';
import { useNavigate } from '../../common/useRoute.ts';
import type { SectionProps } from '../SectionPlaceholder.tsx';
import { settingsTabRoute } from '../sections.ts';

/** Settings › Teams: Account Settings on its Users tab. */
export function TeamsSection(_: SectionProps) {
  const navigate = useNavigate();
  return <AccountSettings initialTab="users" onTabChange={(next) => navigate(settingsTabRoute(next))} />;
}
