import { useEffect } from 'react';
import { PREVIEW_DEVICES } from '../../../contracts/appRoutes.ts';
import { selectMode } from '../../../machines/builder/builderMachine.ts';
import { setUrlQuery, useUrlQuery } from '../../common/useUrlQuery.ts';
import { useBuilder, useBuilderSelector } from '../builderContext.ts';

export type Device = (typeof PREVIEW_DEVICES)[number];

/** The device the preview shows, as the address says (`?preview=mobile`); null while the builder edits. */
export function usePreviewDevice(): Device | null {
  const value = useUrlQuery().get('preview');
  return (PREVIEW_DEVICES as readonly (string | null)[]).includes(value) ? (value as Device) : null;
}

/** Opens the preview on the desktop frame (a Back step, as the History dialog is). */
export const openPreview = (): void => setUrlQuery({ preview: 'desktop' }, 'push');
/** Back to editing: the preview and its device leave the address. */
export const closePreview = (): void => setUrlQuery({ preview: null });
/** Another device in the preview. */
export const showDevice = (device: Device): void => setUrlQuery({ preview: device });

/**
 * The address owns the preview (a reload, a link, Back and Forward come back to it): the builder's mode follows
 * it, so Preview and Edit only change the address.
 */
export function usePreviewFollowsAddress(): void {
  const { builder } = useBuilder();
  const mode = useBuilderSelector(selectMode);
  const previewing = usePreviewDevice() !== null;
  useEffect(() => {
    if ((mode === 'preview') !== previewing) builder.send({ type: 'mode.toggle' });
  }, [builder, mode, previewing]);
}
