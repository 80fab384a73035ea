import { AccountSettings } from '../../account/AccountSettings.tsx';
import type { SectionProps } from '../SectionPlaceholder.tsx';

/** Settings › Teams: Account Settings on its Users tab. */
export function TeamsSection(_: SectionProps) {
  return <AccountSettings initialTab="users" />;
}
