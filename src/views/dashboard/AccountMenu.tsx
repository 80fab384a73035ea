import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';

type Props = {
  name: string;
  onUserSettings: () => void;
  onPasswordChange: () => void;
  onLogout: () => void;
};

/** The avatar button and its menu: User Settings, Password Change, Logout. */
export function AccountMenu({ name, onUserSettings, onPasswordChange, onLogout }: Props) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const choose = (action: () => void) => () => {
    close();
    action();
  };

  return (
    <>
      <IconButton
        aria-label="Account menu"
        data-tour="profile"
        aria-haspopup="true"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Avatar sx={{ width: 32, height: 32 }}>{name.charAt(0).toUpperCase() || '?'}</Avatar>
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        <MenuItem onClick={choose(onUserSettings)}>User Settings</MenuItem>
        <MenuItem onClick={choose(onPasswordChange)}>Password Change</MenuItem>
        <MenuItem onClick={choose(onLogout)}>Logout</MenuItem>
      </Menu>
    </>
  );
}
