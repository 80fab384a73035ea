import EditIcon from '@mui/icons-material/Edit';
import ScreenRotationIcon from '@mui/icons-material/ScreenRotation';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useContext, useMemo, useState } from 'react';
import { BusinessContext } from '../../../canvas/businessTokens.ts';
import { toSpecPages } from '../../../canvas/pagesData.ts';
import { renderPageDocument } from '../../../canvas/staticRender.tsx';
import { selectName, selectWebsiteId } from '../../../machines/builder/builderMachine.ts';
import { useWebsites } from '../../../services/http/queries.ts';
import { useBuilder, useBuilderSelector, useStoreVersion } from '../builderContext.ts';
import { closePreview, type Device, showDevice, usePreviewDevice } from './previewAddress.ts';
import { NOT_PUBLISHED_ADDRESS, publicPageAddress } from './publicAddress.ts';

export type { Device };

/** Spec §2 devices, in CSS pixels (width × height in portrait for tablet and mobile). */
export const DEVICES = {
  desktop: { label: 'Desktop', width: 1920, height: 1080, rotates: false },
  laptop: { label: 'Laptop', width: 1366, height: 768, rotates: false },
  tablet: { label: 'Tablet', width: 768, height: 1024, rotates: true },
  mobile: { label: 'Mobile', width: 375, height: 667, rotates: true },
} as const satisfies Record<Device, unknown>;
type Orientation = 'portrait' | 'landscape';

/** The frame size of a device in an orientation. */
export function frameSize(device: Device, orientation: Orientation): { width: number; height: number } {
  const { width, height, rotates } = DEVICES[device];
  return rotates && orientation === 'landscape' ? { width: height, height: width } : { width, height };
}

/**
 * The website preview (spec §2): device switcher, portrait/landscape, Code toggle, Edit Website and a fake
 * address bar (the page's real address once published). The page is the static HTML of the same element
 * renderers as the canvas and the published site, shown in a sandboxed frame (no script runs) whose viewport
 * is the device's, so media rules apply.
 */
export function SitePreview({ pageId }: { pageId: string }) {
  const { store } = useBuilder();
  const name = useBuilderSelector(selectName);
  const version = useStoreVersion();
  // The device is in the address with the preview (`?preview=mobile`): a reload shows the same frame.
  const device = usePreviewDevice() ?? 'desktop';
  const [orientation, setOrientation] = useState<Orientation>('portrait');
  const [showCode, setShowCode] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes whenever the document does
  const pages = useMemo(() => toSpecPages(store.site), [store, version]);
  const page = pages.find((p) => p.id === pageId) ?? null;
  const business = useContext(BusinessContext);
  const html = useMemo(
    () => (page ? renderPageDocument(page, name, business, pages) : ''),
    [page, name, business, pages],
  );
  const websiteId = useBuilderSelector(selectWebsiteId);
  const websites = useWebsites();
  if (!page) return null;
  const size = frameSize(device, orientation);
  // The page's real address once published; nothing is made up while the site's record is still being read.
  const site = websiteId ? websites.data?.find((candidate) => candidate.id === websiteId) : null;
  const address =
    websiteId && !websites.data
      ? ''
      : (publicPageAddress(site, page, window.location.protocol) ?? NOT_PUBLISHED_ADDRESS);

  return (
    <Box
      component="main"
      aria-label="Website preview"
      sx={{ flex: 1, overflow: 'auto', bgcolor: 'grey.200', p: 2 }}
    >
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={device}
          aria-label="Device"
          onChange={(_, value: Device | null) => value && showDevice(value)}
        >
          {(Object.keys(DEVICES) as Device[]).map((key) => (
            <ToggleButton key={key} value={key}>
              {DEVICES[key].label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {DEVICES[device].rotates ? (
          <Button
            size="small"
            startIcon={<ScreenRotationIcon />}
            onClick={() => setOrientation(orientation === 'portrait' ? 'landscape' : 'portrait')}
          >
            {orientation === 'portrait' ? 'Portrait' : 'Landscape'}
          </Button>
        ) : null}
        <ToggleButton size="small" value="code" selected={showCode} onChange={() => setShowCode(!showCode)}>
          Code
        </ToggleButton>
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" startIcon={<EditIcon />} onClick={closePreview}>
          Edit Website
        </Button>
      </Stack>
      <Box sx={{ mx: 'auto', width: size.width, maxWidth: '100%', boxShadow: 3, bgcolor: '#fff' }}>
        <Box
          sx={{
            display: 'flex',
            gap: 1,
            alignItems: 'center',
            p: 1,
            bgcolor: 'grey.100',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Box sx={{ display: 'flex', gap: 0.5 }} aria-hidden="true">
            {['#ff5f57', '#febc2e', '#28c840'].map((color) => (
              <Box key={color} sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: color }} />
            ))}
          </Box>
          <Box
            role="textbox"
            aria-label="Address"
            aria-readonly="true"
            sx={{
              flex: 1,
              px: 1,
              py: 0.25,
              bgcolor: '#fff',
              borderRadius: 1,
              fontSize: 13,
              fontFamily: 'monospace',
            }}
          >
            {address}
          </Box>
        </Box>
        {showCode ? (
          <Box
            component="pre"
            aria-label="HTML source"
            sx={{
              m: 0,
              p: 2,
              height: size.height,
              overflow: 'auto',
              fontSize: 12,
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-all',
            }}
          >
            {html}
          </Box>
        ) : (
          <iframe
            title={`Preview on ${DEVICES[device].label}`}
            data-device={device}
            data-orientation={orientation}
            sandbox=""
            srcDoc={html}
            width={size.width}
            height={size.height}
            style={{ display: 'block', border: 0, width: size.width, height: size.height, maxWidth: '100%' }}
          />
        )}
      </Box>
    </Box>
  );
}
