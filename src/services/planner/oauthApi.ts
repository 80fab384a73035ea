import type { OAuthCallbackBody } from '../../contracts/campaign.ts';
import type { Http } from '../http/http.ts';

/** POST /api/campaign/google-oauth/callback with the code (and the state) Google returned. */
export async function googleAdsCallback(http: Http, code: string, state: string): Promise<void> {
  await http.post('campaign/google-oauth/callback', {
    json: { code, platform: 'GoogleAds', state } satisfies OAuthCallbackBody,
  });
}

/** POST /api/campaign/facebook-oauth/callback with the code (and the state) Facebook returned. */
export async function facebookAdsCallback(http: Http, code: string, state: string): Promise<void> {
  await http.post('campaign/facebook-oauth/callback', {
    json: { code, platform: 'FacebookAds', state } satisfies OAuthCallbackBody,
  });
}
