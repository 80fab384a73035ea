import type { Http } from './http.ts';

/** POST /api/campaign/google-oauth/callback with the code Google returned. */
export async function googleAdsCallback(http: Http, code: string): Promise<void> {
  await http.post('campaign/google-oauth/callback', { json: { code, platform: 'GoogleAds' } });
}

/** POST /api/campaign/facebook-oauth/callback with the code Facebook returned. */
export async function facebookAdsCallback(http: Http, code: string): Promise<void> {
  await http.post('campaign/facebook-oauth/callback', { json: { code, platform: 'FacebookAds' } });
}
