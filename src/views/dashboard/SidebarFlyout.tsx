import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import { useEffect, useId, useRef, useState } from 'react';
import type { NavSection, SectionId } from './sections.ts';
import { sectionContains } from './sections.ts';

type Props = { entry: NavSection; section: SectionId; onNavigate: (section: SectionId) => void };

/** The sub-sections of a sidebar entry, with their group headings. */
export function SubSectionList({ entry, section, onNavigate, indent = false }: Props & { indent?: boolean }) {
  return (
    <List dense disablePadding aria-label={entry.label}>
      {(entry.groups ?? []).map((group, index) => (
        <li key={group.label ?? `group-${index}`}>
          <List dense disablePadding>
            {group.label ? (
              <ListSubheader disableSticky sx={{ pl: indent ? 4 : 2, lineHeight: '32px' }}>
                {group.label}
              </ListSubheader>
            ) : null}
            {/* Each button in a list item of its own: a list holds list items only. */}
            {group.items.map((item) => (
              <ListItem key={item.id} disablePadding>
                <ListItemButton
                  selected={section === item.id}
                  onClick={() => onNavigate(item.id)}
                  sx={{ pl: indent ? 4 : 2 }}
                >
                  <ListItemText primary={item.label} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </li>
      ))}
    </List>
  );
}

/** How long the flyout waits for the pointer to reach it before closing. */
const CLOSE_DELAY_MS = 150;

/**
 * A narrow sidebar entry: its icon, and on hover (or click, for touch and keyboard) a flyout of
 * its sub-sections. The flyout is portalled out of the drawer (which clips overflow), so leaving
 * the icon closes it only after a short delay that entering the flyout cancels.
 */
export function SidebarFlyout({ entry, section, onNavigate }: Props) {
  const Icon = entry.icon;
  const flyoutId = useId();
  const [anchor, setAnchor] = useState<HTMLDivElement | null>(null);
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const keepOpen = () => {
    clearTimeout(closeTimer.current);
    setOpen(true);
  };
  const closeSoon = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
  };
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const handleNavigate = (id: SectionId) => {
    clearTimeout(closeTimer.current);
    setOpen(false);
    onNavigate(id);
  };

  return (
    // A div, not a <li>: the sidebar's <nav> is not a list. Hover only adds to the button's click.
    <Box ref={setAnchor} onMouseEnter={keepOpen} onMouseLeave={closeSoon}>
      <ListItemButton
        aria-label={entry.label}
        data-tour={entry.key}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? flyoutId : undefined}
        selected={sectionContains(entry, section)}
        onClick={() => setOpen(!open)}
        sx={{ justifyContent: 'center' }}
      >
        <Icon />
      </ListItemButton>
      <Popper id={flyoutId} open={open} anchorEl={anchor} placement="right-start" sx={{ zIndex: 1300 }}>
        <Paper
          elevation={4}
          onMouseEnter={keepOpen}
          onMouseLeave={closeSoon}
          sx={{ minWidth: 220, maxHeight: '80vh', overflowY: 'auto' }}
        >
          <ListSubheader component="div" sx={{ fontWeight: 600 }}>
            {entry.label}
          </ListSubheader>
          <SubSectionList entry={entry} section={section} onNavigate={handleNavigate} />
        </Paper>
      </Popper>
    </Box>
  );
}
