import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import type { NavSection, SectionId } from './sections.ts';

type Props = {
  entry: NavSection;
  section: SectionId;
  onNavigate: (section: SectionId) => void;
  indent?: boolean;
};

/** The sub-sections of a sidebar entry, with their group headings. */
export function SubSectionList({ entry, section, onNavigate, indent = false }: Props) {
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
