import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import { useEffect, useId, useRef, useState } from 'react';
import { SubSectionList } from './SubSectionList.tsx';
import type { NavSection, SectionId } from './sections.ts';
import { sectionContains } from './sections.ts';

type Props = { entry: NavSection; section: SectionId; onNavigate: (section: SectionId) => void };

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
