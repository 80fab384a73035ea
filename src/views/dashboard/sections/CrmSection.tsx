import { CrmModule } from '../../crm/CrmModule.tsx';
import { CRM_KEY_OF_SECTION } from '../../crm/crmSections.ts';
import type { SectionProps } from '../SectionPlaceholder.tsx';

/** Loaded on demand: its own chunk. The sidebar section picks the CRM's section key. */
export function CrmSection({ title, section }: SectionProps) {
  return <CrmModule section={section ? CRM_KEY_OF_SECTION[section] : null} title={title} />;
}
