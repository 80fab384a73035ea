import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useContext, useState } from 'react';
import { BusinessContext } from '../../canvas/businessTokens.ts';
import { renderPageDocument } from '../../canvas/staticRender.tsx';
import { selectName } from '../../machines/builder/builderMachine.ts';
import { useVersion } from '../../services/builder/versionsApi.ts';
import { setUrlQuery } from '../common/useUrlQuery.ts';
import { useBuilderSelector } from './builderContext.ts';
import { closeHistory } from './historyPlace.ts';

/** A version's pages, read-only: the same static renderer as the preview and the published site. */
export function VersionPreview({ websiteId, versionId }: { websiteId: string; versionId: number }) {
  const siteName = useBuilderSelector(selectName);
  const business = useContext(BusinessContext);
  const version = useVersion(websiteId, versionId);
  const [pageIndex, setPageIndex] = useState(0);
  const pages = version.data?.pages ?? [];
  const page = pages[Math.min(pageIndex, pages.length - 1)] ?? null;
  return (
    <>
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Button startIcon={<ArrowBackIcon />} onClick={() => setUrlQuery({ version: null })}>
          History
        </Button>
        {version.data ? `Preview: ${version.data.name}` : 'Preview'}
      </DialogTitle>
      <DialogContent dividers>
        {version.isPending ? <CircularProgress aria-label="Loading version" size={24} /> : null}
        {version.isError ? <Alert severity="error">The version could not be loaded.</Alert> : null}
        {pages.length > 1 ? (
          <Tabs
            value={Math.min(pageIndex, pages.length - 1)}
            onChange={(_, index: number) => setPageIndex(index)}
            aria-label="Version pages"
          >
            {pages.map((item) => (
              <Tab key={item.id} label={item.name} />
            ))}
          </Tabs>
        ) : null}
        {page ? (
          <Box sx={{ mt: 1, border: 1, borderColor: 'divider' }}>
            <iframe
              title="Version preview"
              sandbox=""
              srcDoc={renderPageDocument(page, siteName, business)}
              style={{ display: 'block', border: 0, width: '100%', height: '60vh' }}
            />
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={closeHistory}>Close</Button>
      </DialogActions>
    </>
  );
}
