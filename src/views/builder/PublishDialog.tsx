import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSelector } from '@xstate/react';
import { type StartingText, startingTextsLeft } from '../../canvas/startingText.ts';
import { unsavedHint } from '../../contracts/unsavedHint.ts';
import { selectPublishRef } from '../../machines/app/appSelectors.ts';
import { DEFAULT_SITE_NAME, selectName, selectWebsiteId } from '../../machines/builder/builderMachine.ts';
import {
  type PublishActorRef,
  publishedMessage,
  selectCanPublish,
  selectCanUnpublish,
  selectConfirmingUnpublish,
  selectCustomDomain,
  selectPublishBusy,
  selectPublishError,
  selectPublishedSubdomain,
  selectPublishing,
  selectPublishOpen,
  selectPublishResult,
  selectPublishTyped,
  selectSubdomain,
  unpublishQuestion,
} from '../../machines/builder/publishMachine.ts';
import { useAppActor } from '../appActorContext.ts';
import { useKeepTypedInput } from '../common/keepTypedInput.ts';
import { useBuilder, useBuilderSelector } from './builderContext.ts';
import { CustomDomainPanel } from './CustomDomainPanel.tsx';

const UNSAVED_ADDRESS_HINT = unsavedHint('address', 'Publish', 'Cancel');
/**
 * Before publishing a site that still has the name it started with (no business name was there to give it):
 * 'My Website', or 'My Website 2' beside another site of that name (builderEffects' freeSiteName).
 */
export const unnamedSiteWarning = (name: string) =>
  `Your site is still called “${name}”: visitors see that name in its header and footer. Rename it first, or publish as it is.`;
const startingName = new RegExp(`^${DEFAULT_SITE_NAME}( \\d+)?$`);

/**
 * The Publish dialog (spec §2, §5): subdomain, optional custom domain, then the published address. A custom
 * domain is claimed pending: the dialog shows the TXT record that proves it, its status and Verify.
 */
export function PublishDialog() {
  const publish = useSelector(useAppActor(), selectPublishRef) as PublishActorRef | undefined;
  if (!publish) return null;
  return <PublishDialogFor publish={publish} />;
}

function PublishDialogFor({ publish }: { publish: PublishActorRef }) {
  const websiteId = useBuilderSelector(selectWebsiteId);
  const siteName = useBuilderSelector(selectName);
  const open = useSelector(publish, selectPublishOpen);
  const busy = useSelector(publish, selectPublishBusy);
  const publishing = useSelector(publish, selectPublishing);
  const canUnpublish = useSelector(publish, selectCanUnpublish);
  const confirmingUnpublish = useSelector(publish, selectConfirmingUnpublish);
  const publishedSubdomain = useSelector(publish, selectPublishedSubdomain);
  const result = useSelector(publish, selectPublishResult);
  const subdomain = useSelector(publish, selectSubdomain);
  const customDomain = useSelector(publish, selectCustomDomain);
  const error = useSelector(publish, selectPublishError);
  const canPublish = useSelector(publish, selectCanPublish);
  const typed = useSelector(publish, selectPublishTyped);

  const handleClose = () => publish.send({ type: 'publish.close' });
  // Escape or a click beside keeps a typed subdomain or custom domain.
  const keep = useKeepTypedInput(typed, handleClose, UNSAVED_ADDRESS_HINT);
  const { builder, store } = useBuilder();
  // Read when the dialog shows: what visitors would see of the components' starting prompts.
  const leftovers = open && !result ? startingTextsLeft(store.site) : [];
  const unnamed = open && !result && startingName.test(siteName);
  const renameFirst = () => {
    handleClose();
    builder.send({ type: 'rename.request' });
  };
  const showElement = (left: StartingText) => {
    handleClose();
    builder.send({ type: 'page.select', pageId: left.pageId });
    builder.send({ type: 'element.select', id: left.id });
  };
  // The publish machine asks the builder to save first (through the system): the view only sends the event.
  const handlePublish = () => publish.send({ type: 'publish.submit' });

  return (
    <Dialog open={open} onClose={busy ? undefined : keep.onClose} fullWidth maxWidth="sm">
      <DialogTitle>Publish Website</DialogTitle>
      <DialogContent>
        {result ? (
          <Stack spacing={2}>
            <Alert severity="success">{publishedMessage(result.domain)}</Alert>
            <Link href={result.url} target="_blank" rel="noopener noreferrer">
              {result.url}
            </Link>
            {error ? <Alert severity="error">{error}</Alert> : null}
            {websiteId ? <CustomDomainPanel publish={publish} websiteId={websiteId} /> : null}
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ mt: 1 }}>
            {keep.hint ? <Alert severity="warning">{keep.hint}</Alert> : null}
            {error ? <Alert severity={canPublish ? 'error' : 'info'}>{error}</Alert> : null}
            {unnamed ? (
              <Alert
                severity="warning"
                action={
                  <Button color="inherit" size="small" onClick={renameFirst}>
                    Rename
                  </Button>
                }
              >
                {unnamedSiteWarning(siteName)}
              </Alert>
            ) : null}
            {leftovers.length > 0 ? <StartingTextWarning leftovers={leftovers} onShow={showElement} /> : null}
            <TextField
              label="Subdomain"
              value={subdomain}
              onChange={(event) => publish.send({ type: 'publish.subdomain', value: event.target.value })}
              helperText="Lowercase letters, numbers and hyphens only"
              disabled={busy || confirmingUnpublish}
              autoFocus
            />
            <TextField
              label="Custom domain (optional)"
              placeholder="www.example.com"
              value={customDomain}
              onChange={(event) => publish.send({ type: 'publish.customDomain', value: event.target.value })}
              helperText="Leave empty to keep the current one. It shows your site once its DNS record is verified."
              disabled={busy || confirmingUnpublish}
            />
            {websiteId ? <CustomDomainPanel publish={publish} websiteId={websiteId} /> : null}
            {confirmingUnpublish ? (
              <Alert severity="warning">{unpublishQuestion(publishedSubdomain ?? '')}</Alert>
            ) : null}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {result ? (
          <Button onClick={handleClose}>Close</Button>
        ) : confirmingUnpublish ? (
          <>
            <Button onClick={() => publish.send({ type: 'publish.unpublishCancel' })} autoFocus>
              Keep it published
            </Button>
            <Button
              color="error"
              variant="contained"
              onClick={() => publish.send({ type: 'publish.unpublishConfirm' })}
            >
              Unpublish
            </Button>
          </>
        ) : (
          <>
            {canUnpublish ? (
              <Button
                color="error"
                onClick={() => publish.send({ type: 'publish.unpublish' })}
                disabled={busy}
              >
                Unpublish
              </Button>
            ) : null}
            <Button onClick={keep.cancel} disabled={busy}>
              Cancel
            </Button>
            <Button variant="contained" onClick={handlePublish} disabled={busy || !canPublish}>
              {publishing ? 'Publishing...' : 'Publish'}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** How many of the leftovers the warning lists by name (the rest are counted). */
const LISTED_LEFTOVERS = 3;

/**
 * Before publishing: components that still show their starting prompt, which visitors would read as it is.
 * Publishing stays possible; each listed one opens in the builder, selected, to be written.
 */
function StartingTextWarning({
  leftovers,
  onShow,
}: {
  leftovers: StartingText[];
  onShow: (left: StartingText) => void;
}) {
  const more = leftovers.length - LISTED_LEFTOVERS;
  return (
    <Alert severity="warning">
      <AlertTitle>Visitors will see text that was never written</AlertTitle>
      {leftovers.length === 1
        ? 'One component still shows the text it started with:'
        : `${leftovers.length} components still show the text they started with:`}
      <Stack component="ul" spacing={0.5} sx={{ pl: 2, my: 1 }}>
        {leftovers.slice(0, LISTED_LEFTOVERS).map((left) => (
          <li key={left.id}>
            <Link component="button" type="button" onClick={() => onShow(left)} sx={{ textAlign: 'left' }}>
              {left.label} on {left.pageName}: “{left.text}”
            </Link>
          </li>
        ))}
      </Stack>
      {more > 0 ? `And ${more} more. ` : ''}Choose one to write it, or publish as it is.
    </Alert>
  );
}
