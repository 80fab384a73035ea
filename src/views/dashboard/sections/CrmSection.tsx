import { appRoute } from '../../../contracts/appRoutes.ts';
import { useNavigate, useRoute } from '../../common/useRoute.ts';
import { CrmModule } from '../../crm/CrmModule.tsx';
import { CRM_KEY_OF_SECTION } from '../../crm/crmSections.ts';
import type { SectionProps } from '../SectionPlaceholder.tsx';
import { CRM_CHIP_SECTIONS, SECTION_ROUTES } from '../sections.ts';

/** Loaded on demand: its own chunk. The place (/crm/deals, /crm/contacts/7) picks the CRM's section key. */
export function CrmSection({ title, section }: SectionProps) {
  const route = useRoute();
  const navigate = useNavigate();
  const key =
    route.name === 'crm'
      ? (route.params.section ?? 'dashboard')
      : route.name === 'crmContact'
        ? 'contacts'
        : section
          ? CRM_KEY_OF_SECTION[section]
          : null;
  return (
    <CrmModule
      section={key}
      title={title}
      onMore={(more) =>
        navigate(
          more
            ? appRoute('crm', { section: more })
            : // A chip closed: back to the CRM section it was opened over, or the dashboard from its own place.
              SECTION_ROUTES[section && !CRM_CHIP_SECTIONS.includes(section) ? section : 'crmDashboard'],
        )
      }
    />
  );
}
