import { messageSchema, type PartnerEnquiryBody } from '@marketplace/contract';
import { apiFetch } from '../../lib/api.ts';

/**
 * `POST /api/partner-enquiries`: sends the enquiry form of /partner-werden; answers the server's
 * German confirmation.
 * @throws ApiError 422 for a missing or invalid field, 429 above 10 enquiries per hour from one
 *   address or 3 per day with one e-mail address
 */
export async function sendPartnerEnquiry(body: PartnerEnquiryBody): Promise<string> {
  return messageSchema.parse(await apiFetch('/api/partner-enquiries', { method: 'POST', body })).detail;
}
