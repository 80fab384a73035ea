import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useCurrentAccount } from '../common/useCan.ts';
import { SectionPlaceholder } from '../dashboard/SectionPlaceholder.tsx';
import { AccountUsersPanel } from './AccountUsersPanel.tsx';
import { CreditsCard } from './CreditsCard.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { ReplaySettings } from './ReplaySettings.tsx';

export type AccountSettingsTab = 'profile' | 'users';

/**
 * Account Settings: tabs Profile (the user's details) and Users (the current account's members). With
 * `onTabChange` the tab is the caller's (a place with its own URL); without, it is kept here.
 */
export function AccountSettings({
  initialTab,
  onTabChange,
}: {
  initialTab: AccountSettingsTab;
  onTabChange?: (tab: AccountSettingsTab) => void;
}) {
  const [localTab, setLocalTab] = useState<AccountSettingsTab>(initialTab);
  const tab = onTabChange ? initialTab : localTab;
  const setTab = onTabChange ?? setLocalTab;
  const account = useCurrentAccount();
  const id = useId();

  return (
    <SectionPlaceholder title="Account Settings">
      <Tabs
        value={tab}
        onChange={(_, value: AccountSettingsTab) => setTab(value)}
        aria-label="Account Settings"
      >
        <Tab label="Profile" value="profile" id={`${id}-profile`} aria-controls={`${id}-profile-panel`} />
        <Tab label="Users" value="users" id={`${id}-users`} aria-controls={`${id}-users-panel`} />
      </Tabs>
      <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}`}>
        {tab === 'profile' ? (
          <Stack spacing={4}>
            <ProfileForm />
            <CreditsCard />
            <ReplaySettings />
          </Stack>
        ) : account ? (
          <Stack spacing={2}>
            <Typography variant="h6" component="h3">
              Users of {account.name}
            </Typography>
            <AccountUsersPanel key={account.id} accountId={account.id} roleSource="fixed" />
          </Stack>
        ) : (
          <Typography>Loading your account…</Typography>
        )}
      </div>
    </SectionPlaceholder>
  );
}
