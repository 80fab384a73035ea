import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { type SidebarTab, selectMode, selectTab } from '../../machines/builder/builderMachine.ts';
import { useBuilder, useBuilderReadOnly, useBuilderSelector } from './builderContext.ts';
import { ComponentsPanel } from './ComponentsPanel.tsx';
import { LayersPanel } from './LayersPanel.tsx';
import { PageManager } from './PageManager.tsx';

/** Sidebar tabs Pages, Components, Layers (hidden in preview, and for a Viewer, who cannot edit). */
export function BuilderSidebar() {
  const { builder } = useBuilder();
  const tab = useBuilderSelector(selectTab);
  const mode = useBuilderSelector(selectMode);
  const readOnly = useBuilderReadOnly();
  if (mode === 'preview' || readOnly) return null;
  return (
    <Box
      component="aside"
      aria-label="Builder sidebar"
      sx={{
        // Beside the page, narrower on a tablet; on a phone below it, full width, the page above keeping the rest.
        width: { xs: '100%', sm: 280, md: 320 },
        height: { xs: '42%', sm: 'auto' },
        flexShrink: 0,
        borderRight: { xs: 0, sm: 1 },
        borderTop: { xs: 1, sm: 0 },
        borderColor: 'divider',
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
      }}
    >
      <Tabs
        value={tab}
        onChange={(_, value: SidebarTab) => builder.send({ type: 'sidebar.tab', tab: value })}
        variant="fullWidth"
      >
        <Tab value="pages" label="Pages" />
        <Tab value="components" label="Components" />
        <Tab value="layers" label="Layers" />
      </Tabs>
      <Box sx={{ flex: 1, overflow: 'auto', p: 2 }}>
        {tab === 'pages' ? <PageManager /> : tab === 'components' ? <ComponentsPanel /> : <LayersPanel />}
      </Box>
    </Box>
  );
}
