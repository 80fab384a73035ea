import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MenuIcon from '@mui/icons-material/Menu';
import Collapse from '@mui/material/Collapse';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { ErrorBoundary } from '../ErrorBoundary.tsx';
import { lazyWithQueries } from '../lazyWithQueries.tsx';
import { SubSectionList } from './SubSectionList.tsx';
import { NAV_SECTIONS, type NavSection, type SectionId, sectionContains } from './sections.ts';
import { shellLater } from './shellLater.ts';

// The narrow sidebar's flyouts load with the shell's later parts (the sidebar opens wide on a desktop).
const SidebarFlyout = lazy(async () => ({ default: (await shellLater()).SidebarFlyout }));

export const SIDEBAR_WIDE = 264;
export const SIDEBAR_NARROW = 64;

type Props = {
  section: SectionId;
  wide: boolean;
  isAdmin: boolean;
  /**
   * A narrow window (a phone): the sidebar stays narrow beside the page and `wide` opens the wide one over the
   * page (closed by its button, the backdrop or Escape), so the page keeps the room.
   */
  overlay?: boolean;
  onNavigate: (section: SectionId) => void;
  onToggleWide: () => void;
};

/** The dashboard sidebar: wide with expandable sections, or narrow with hover flyouts. */
export function Sidebar({ section, wide, isAdmin, overlay = false, onNavigate, onToggleWide }: Props) {
  const entries = (asWide: boolean) => (
    <SidebarEntries
      section={section}
      wide={asWide}
      isAdmin={isAdmin}
      onNavigate={onNavigate}
      onToggleWide={onToggleWide}
    />
  );
  if (!overlay)
    return <SidebarDrawer width={wide ? SIDEBAR_WIDE : SIDEBAR_NARROW}>{entries(wide)}</SidebarDrawer>;
  return (
    <>
      <SidebarDrawer width={SIDEBAR_NARROW}>{entries(false)}</SidebarDrawer>
      <Drawer
        variant="temporary"
        open={wide}
        onClose={onToggleWide}
        sx={{ '& .MuiDrawer-paper': { width: SIDEBAR_WIDE, boxSizing: 'border-box' } }}
      >
        {wide ? entries(true) : null}
      </Drawer>
    </>
  );
}

/** The sidebar's place beside the page. */
function SidebarDrawer({ width, children }: { width: number; children: ReactNode }) {
  return (
    <Drawer
      variant="permanent"
      sx={{
        width,
        flexShrink: 0,
        '& .MuiDrawer-paper': {
          width,
          boxSizing: 'border-box',
          overflowX: 'hidden',
          transition: 'width 150ms',
        },
      }}
    >
      {children}
    </Drawer>
  );
}

/** The sidebar's button that makes it wide or narrow, and its sections. */
function SidebarEntries({ section, wide, isAdmin, onNavigate, onToggleWide }: Omit<Props, 'overlay'>) {
  const visible = NAV_SECTIONS.filter((entry) => !entry.adminOnly || isAdmin);
  const [expanded, setExpanded] = useState<string | null>(
    () => NAV_SECTIONS.find((entry) => entry.groups && sectionContains(entry, section))?.key ?? null,
  );
  return (
    <>
      {/* The product's name and logo lead the app bar beside it. */}
      <Toolbar sx={{ justifyContent: wide ? 'flex-end' : 'center', px: wide ? 2 : 1 }}>
        <IconButton aria-label={wide ? 'Collapse sidebar' : 'Expand sidebar'} onClick={onToggleWide}>
          {wide ? <ChevronLeftIcon /> : <MenuIcon />}
        </IconButton>
      </Toolbar>
      <List component="nav" aria-label="Sections">
        {visible.map((entry) =>
          wide ? (
            <WideEntry
              key={entry.key}
              entry={entry}
              section={section}
              open={expanded === entry.key}
              onToggle={() => setExpanded(expanded === entry.key ? null : entry.key)}
              onNavigate={onNavigate}
            />
          ) : (
            <NarrowEntry key={entry.key} entry={entry} section={section} onNavigate={onNavigate} />
          ),
        )}
      </List>
    </>
  );
}

type EntryProps = { entry: NavSection; section: SectionId; onNavigate: (section: SectionId) => void };

function WideEntry({
  entry,
  section,
  open,
  onToggle,
  onNavigate,
}: EntryProps & { open: boolean; onToggle: () => void }) {
  const Icon = entry.icon;
  const { target } = entry;
  if (target) {
    return (
      <ListItemButton data-tour={entry.key} selected={section === target} onClick={() => onNavigate(target)}>
        <ListItemIcon>
          <EntryIcon entry={entry} />
        </ListItemIcon>
        <ListItemText primary={entry.label} />
      </ListItemButton>
    );
  }
  return (
    <>
      <ListItemButton
        data-tour={entry.key}
        onClick={onToggle}
        aria-expanded={open}
        selected={!open && sectionContains(entry, section)}
      >
        <ListItemIcon>
          <Icon />
        </ListItemIcon>
        <ListItemText primary={entry.label} />
        {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <SubSectionList entry={entry} section={section} onNavigate={onNavigate} indent />
      </Collapse>
    </>
  );
}

function NarrowEntry({ entry, section, onNavigate }: EntryProps) {
  const { target } = entry;
  if (target) {
    return (
      <Tooltip title={entry.label} placement="right">
        <ListItemButton
          aria-label={entry.label}
          data-tour={entry.key}
          selected={section === target}
          onClick={() => onNavigate(target)}
          sx={{ justifyContent: 'center' }}
        >
          <EntryIcon entry={entry} />
        </ListItemButton>
      </Tooltip>
    );
  }
  const Icon = entry.icon;
  return (
    <ErrorBoundary>
      <Suspense
        fallback={
          <ListItemButton aria-label={entry.label} disabled sx={{ justifyContent: 'center' }}>
            <Icon />
          </ListItemButton>
        }
      >
        <SidebarFlyout entry={entry} section={section} onNavigate={onNavigate} />
      </Suspense>
    </ErrorBoundary>
  );
}

// The store's count of waiting orders loads with the query cache; until then its icon shows alone.
const OrdersBadge = lazyWithQueries(async () => (await shellLater()).OrdersBadge);

/** The entry's icon; the store's carries the count of orders waiting for the owner. */
function EntryIcon({ entry }: { entry: NavSection }): ReactNode {
  const Icon = entry.icon;
  return entry.target === 'store' ? (
    <Suspense fallback={<Icon />}>
      <OrdersBadge>
        <Icon />
      </OrdersBadge>
    </Suspense>
  ) : (
    <Icon />
  );
}
