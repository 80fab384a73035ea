import Box from '@mui/material/Box';
import { useLayoutEffect, useRef, useState } from 'react';
import { BusinessContext, type BusinessInfo } from '../../../canvas/businessTokens.ts';
import { SITE_CSS } from '../../../canvas/elements/constants.ts';
import type { ElementNode } from '../../../canvas/ops/elementOps.ts';
import type { SpecElement } from '../../../canvas/pagesData.ts';
import { StaticElements } from '../../../canvas/staticRender.tsx';
import type { Template } from '../../../canvas/templates.ts';

/** The page width a thumbnail lays the template out at, before scaling it down to the card. */
export const THUMBNAIL_PAGE_WIDTH = 1200;
const DEFAULT_FRAME_WIDTH = 360;
// The templates' brand is the owner's business name (a token): the picture shows where it will go.
const SAMPLE_BUSINESS: BusinessInfo = {
  name: 'Your Business',
  email: '',
  phone: '',
  address: '',
  socialLinks: [],
};

/** A template's elements in the shape the static renderer takes, with ids unique to the template. */
export function templateElements(template: Template): SpecElement[] {
  let counter = 0;
  const convert = (nodes: ElementNode[], parentId: string | null): SpecElement[] =>
    nodes.map((node) => {
      counter += 1;
      const id = `${template.id}-thumb-${counter}`;
      return { ...node.props, id, type: node.type, parentId, children: convert(node.children ?? [], id) };
    });
  return convert(template.elements, null);
}

/**
 * The template itself in miniature: its elements drawn by the same renderers as the canvas and the
 * published site, laid out at a desktop width and scaled down (CSS transform) to the frame's width.
 * A picture only: hidden from assistive technology and inert (its links and fields take no focus).
 */
export function TemplateThumbnail({ template, height = 180 }: { template: Template; height?: number }) {
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_FRAME_WIDTH);
  useLayoutEffect(() => {
    const node = frame.current;
    if (!node) return;
    const measure = () => {
      if (node.clientWidth > 0) setWidth(node.clientWidth);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  const scale = width / THUMBNAIL_PAGE_WIDTH;
  return (
    <Box
      ref={frame}
      aria-hidden="true"
      inert
      data-testid="template-thumbnail"
      sx={{
        height,
        overflow: 'hidden',
        bgcolor: '#ffffff',
        borderBottom: 1,
        borderColor: 'divider',
        pointerEvents: 'none',
        userSelect: 'none',
      }}
    >
      <style>{SITE_CSS}</style>
      <div
        className="bz-site"
        style={{ width: THUMBNAIL_PAGE_WIDTH, transform: `scale(${scale})`, transformOrigin: 'top left' }}
      >
        <BusinessContext.Provider value={SAMPLE_BUSINESS}>
          <StaticElements elements={templateElements(template)} />
        </BusinessContext.Provider>
      </div>
    </Box>
  );
}
