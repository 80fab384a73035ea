import type {
  BusinessDetailsInput,
  BusinessProfile,
  BusinessProfileRow,
  BusinessSetupInput,
} from '../../contracts/business.ts';
import { ApiError } from '../http/ApiError.ts';
import type { CallContext, Http } from '../http/http.ts';

// The setup answer carries `websiteId`; older servers may leave out the address and links (defaults below).
type RawProfile = BusinessSetupInput &
  Partial<Pick<BusinessProfileRow, 'address' | 'socialLinks'>> & { websiteId?: number | null };

function toProfile(raw: RawProfile): BusinessProfile {
  const { businessName, industry, services, email, phone } = raw;
  const websiteId = raw.websiteId === null || raw.websiteId === undefined ? null : String(raw.websiteId);
  const address = raw.address ?? '';
  const socialLinks = raw.socialLinks ?? [];
  return { businessName, industry, services, email, phone, address, socialLinks, websiteId };
}

/** POST /api/business/setup: stores the business profile on the current account. */
export async function setupBusiness(http: Http, input: BusinessSetupInput): Promise<BusinessProfile> {
  return toProfile(await http.post('business/setup', { json: input }).json<RawProfile>());
}

/** PUT /api/business/profile: replaces the business details (Settings › Business details). */
export async function updateBusinessDetails(
  http: Http,
  input: BusinessDetailsInput,
  context?: CallContext,
): Promise<BusinessProfile> {
  return toProfile(await http.put('business/profile', { json: input, context }).json<RawProfile>());
}

/** GET /api/business/profile; `null` while the account has none yet (an earlier server answered that with 404). */
export async function getBusinessProfile(http: Http): Promise<BusinessProfile | null> {
  const context: CallContext = { quietStatuses: [404] };
  try {
    const raw = await http.get('business/profile', { context }).json<RawProfile | null>();
    return raw === null ? null : toProfile(raw);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
