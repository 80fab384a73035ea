// The app machine's calls: signing in, up and out, the first setup's (business setup, website generation, with
// their cache updates) and the ad accounts' OAuth callbacks. One module (one import site in the first screen),
// loaded with the first call rather than with the first screen.

import { setupBusiness } from '../../services/account/businessApi.ts';
import {
  freeSiteName,
  generateWebsite,
  saveWebsite,
  uploadImage,
} from '../../services/builder/websiteApi.ts';
import { STORAGE_KEYS } from '../../services/http/browserStorage.ts';
import type { Http } from '../../services/http/http.ts';
import type { QueryClientSource } from '../../services/http/queryClientSource.ts';
import { queryKeys } from '../../services/http/queryKeys.ts';
import type { GenerateInput, SetupInput, SetupResult } from './appMachine.ts';

export { facebookAdsCallback, googleAdsCallback } from '../../services/planner/oauthApi.ts';
export { login, logout, register } from '../../services/session/authApi.ts';

/** Generates a site from the business profile and saves it under a free name: the generator screen's call. */
export async function generateAndSave(
  http: Http,
  queries: QueryClientSource,
  input: GenerateInput,
): Promise<{ websiteId: string }> {
  const site = await generateWebsite(http, input);
  const saved = await saveWebsite(http, {
    name: await freeSiteName(http, site.name),
    htmlContent: site.html,
    pagesData: JSON.stringify(site.pages),
    pages: site.pages,
    yjsState: '',
  });
  // Spec §3 lists it among browser-stored values: written for compatibility; the id travels as output.
  localStorage.setItem(STORAGE_KEYS.generatedWebsiteId, saved.id);
  void queries.current()?.invalidateQueries({ queryKey: queryKeys.websites });
  return { websiteId: saved.id };
}

/** Saves the business profile, and uploads the logo chosen beside it: the business form's call. */
export async function setupWithLogo(
  http: Http,
  queries: QueryClientSource,
  input: SetupInput,
): Promise<SetupResult> {
  const { logo, ...fields } = input;
  const profile = await setupBusiness(http, fields);
  (await queries.load()).setQueryData(queryKeys.businessProfile, profile);
  if (!logo) return { profile };
  // The logo goes up through the upload route (a data URL if that fails, spec §7); the generator uses
  // an uploaded one. A data URL is not passed on: generation takes an address, not the file itself.
  const url = await uploadImage(http, logo);
  return { profile, logoUrl: url.startsWith('data:') ? null : url };
}
