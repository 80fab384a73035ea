import Box from '@mui/material/Box';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import ListItemButton from '@mui/material/ListItemButton';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import { type KeyboardEvent, type MouseEvent, useEffect, useId, useRef, useState } from 'react';
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
  // Opened by the mouse resting on the icon ('hover') or by a click, a tap or the keyboard ('pinned'); the mouse
  // leaving, a click elsewhere or the icon's button again closes it. A tap fires the mouse's enter just before its
  // click: that click keeps open the flyout the enter opened, where toggling would shut it at once.
  const [openedBy, setOpenedBy] = useState<'hover' | 'pinned' | null>(null);
  const open = openedBy !== null;
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const keepOpen = () => {
    clearTimeout(closeTimer.current);
    setOpenedBy((by) => by ?? 'hover');
  };
  const closeSoon = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpenedBy(null), CLOSE_DELAY_MS);
  };
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  // Opened from the keyboard (a click with no pointer: detail 0), focus goes to the first sub-section: the
  // flyout is portalled to the end of the page, where Tab from the icon would never reach it.
  const focusFirstOnOpen = useRef(false);
  const paper = useRef<HTMLDivElement | null>(null);
  // The Popper mounts its content after it opens: the flyout's ref is where its first item can take the focus.
  const attachPaper = (node: HTMLDivElement | null) => {
    paper.current = node;
    if (!node || !focusFirstOnOpen.current) return;
    focusFirstOnOpen.current = false;
    node.querySelector<HTMLElement>('[role="button"]')?.focus();
  };
  const iconButton = useRef<HTMLDivElement | null>(null);
  // Closing the flyout unmounts the item that held the focus: it goes back to the section's icon, so it stays in
  // the sidebar where the choice was made (as in the wide sidebar, whose items stay) and never falls to the body.
  const closeToIcon = () => {
    clearTimeout(closeTimer.current);
    setOpenedBy(null);
    iconButton.current?.focus();
  };
  const handleIconClick = (event: MouseEvent) => {
    const opening = openedBy !== 'pinned';
    focusFirstOnOpen.current = opening && event.detail === 0;
    setOpenedBy(opening ? 'pinned' : null);
  };
  // Escape closes it back to its icon; Tab past its last item (Shift+Tab before its first) closes it too and
  // goes on from the icon, so the sidebar's order is kept.
  const handleFlyoutKeyDown = (event: KeyboardEvent) => {
    const items = Array.from(paper.current?.querySelectorAll<HTMLElement>('[role="button"]') ?? []);
    const leaving =
      event.key === 'Escape' ||
      (event.key === 'Tab' && document.activeElement === (event.shiftKey ? items[0] : items.at(-1)));
    if (!leaving) return;
    if (event.key === 'Escape') event.preventDefault();
    closeToIcon();
  };

  const handleNavigate = (id: SectionId) => {
    closeToIcon();
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
        ref={iconButton}
        onClick={handleIconClick}
        sx={{ justifyContent: 'center' }}
      >
        <Icon />
      </ListItemButton>
      <Popper id={flyoutId} open={open} anchorEl={anchor} placement="right-start" sx={{ zIndex: 1300 }}>
        <ClickAwayListener
          onClickAway={(event) => {
            if (!anchor?.contains(event.target as Node)) setOpenedBy(null);
          }}
        >
          <Paper
            ref={attachPaper}
            elevation={4}
            onKeyDown={handleFlyoutKeyDown}
            onMouseEnter={keepOpen}
            onMouseLeave={closeSoon}
            sx={{ minWidth: 220, maxHeight: '80vh', overflowY: 'auto' }}
          >
            <ListSubheader component="div" sx={{ fontWeight: 600 }}>
              {entry.label}
            </ListSubheader>
            <SubSectionList entry={entry} section={section} onNavigate={handleNavigate} />
          </Paper>
        </ClickAwayListener>
      </Popper>
    </Box>
  );
}
