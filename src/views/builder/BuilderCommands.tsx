import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { addPage } from '../../canvas/ops/pageOps.ts';
import { normalizePath } from '../../canvas/ops/pagePaths.ts';
import { newId } from '../../canvas/siteDoc.ts';
import type { AssistantCommand } from '../assistant/assistantCommands.ts';
import { CommandPalette } from '../assistant/CommandPalette.tsx';
import { useBuilder, useCurrentPage, usePages } from './builderContext.ts';
import { useAddElement } from './ComponentsPanel.tsx';

/** The command palette inside the builder: "add page …" and "add section" act on the open site. */
export function BuilderCommands() {
  const [open, setOpen] = useState(false);
  const { builder, store } = useBuilder();
  const pages = usePages();
  const page = useCurrentPage();
  const addElement = useAddElement();

  const handleRun = (command: AssistantCommand): string => {
    if (command.kind === 'addPage') {
      const base = normalizePath(command.name) || 'page';
      const used = new Set(pages.map((p) => p.path));
      let path = base;
      for (let n = 2; used.has(path); n += 1) path = `${base}-${n}`;
      const id = newId('page');
      store.edit(() => {
        addPage(store.site, { id, name: command.name, path, elements: [] });
      });
      // The same events as the Pages panel: the new page becomes the current page.
      builder.send({ type: 'page.select', pageId: id });
      return `Added the page “${command.name}” (/${path})`;
    }
    if (command.kind === 'addSection') {
      if (!page) return 'This site has no page to add to';
      addElement('section', page.id, null);
      return `Added a section to ${page.name}`;
    }
    return 'In the builder, the commands are “add page <name>” and “add section”.';
  };

  return (
    <>
      <Button variant="text" onClick={() => setOpen(true)}>
        Commands
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>Commands</DialogTitle>
        <DialogContent>
          <CommandPalette context={{ websites: [], inBuilder: true }} onRun={handleRun} />
        </DialogContent>
      </Dialog>
    </>
  );
}
