import { AccountManagement } from '../../account/AccountManagement.tsx';
import type { SectionProps } from '../SectionPlaceholder.tsx';

/** Settings › Accounts: Account Management. */
export function AccountsSection(_: SectionProps) {
  return <AccountManagement />;
}
