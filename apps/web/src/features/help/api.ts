import { type ContactMessageBody, messageSchema } from '@marketplace/contract';
import { apiFetch } from '../../lib/api.ts';

/**
 * `POST /api/contact`: sends the contact form; answers the server's German confirmation.
 * @throws ApiError 422 for a missing or invalid field, 429 above 5 messages per hour
 */
export async function sendContactMessage(body: ContactMessageBody): Promise<string> {
  return messageSchema.parse(await apiFetch('/api/contact', { method: 'POST', body })).detail;
}
