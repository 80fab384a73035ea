import { AccountSettings } from '../../account/AccountSettings.tsx';
import { useNavigate } from '../../common/useRoute.ts';
import type { SectionProps } from '../SectionPlaceholder.tsx';
import { settingsTabRoute } from '../sections.ts';

/** The avatar menu's User Settings: Account Settings on its Profile tab. */
export function UserSettingsSection(_: SectionProps) {
  const navigate = useNavigate();
  return <AccountSettings initialTab="profile" onTabChange={(next) => navigate(settingsTabRoute(next))} />;
}
