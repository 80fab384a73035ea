import { AccountSettings } from '../../account/AccountSettings.tsx';
import type { SectionProps } from '../SectionPlaceholder.tsx';

/** The avatar menu's User Settings: Account Settings on its Profile tab. */
export function UserSettingsSection(_: SectionProps) {
  return <AccountSettings initialTab="profile" />;
}
