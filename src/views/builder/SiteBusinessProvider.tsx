import { type ReactNode, useMemo } from 'react';
import { BusinessContext, businessInfoOf, siteBusiness } from '../../canvas/businessTokens.ts';
import { selectName } from '../../machines/builder/builderMachine.ts';
import { useBusinessProfile } from '../../services/http/queries.ts';
import { useBuilderSelector } from './builderContext.ts';

/**
 * The business details the canvas and the preview resolve the business tokens with: the account's profile as a
 * visitor of the published site gets it (`siteBusiness`: without a business name, the site's name). Nothing
 * while the profile is being read, so the brand does not flash the site's name first.
 */
export function SiteBusinessProvider({ children }: { children: ReactNode }) {
  const profile = useBusinessProfile().data;
  const name = useBuilderSelector(selectName);
  const business = useMemo(
    () => (profile === undefined ? null : siteBusiness(profile ? businessInfoOf(profile) : null, name)),
    [profile, name],
  );
  return <BusinessContext.Provider value={business}>{children}</BusinessContext.Provider>;
}
