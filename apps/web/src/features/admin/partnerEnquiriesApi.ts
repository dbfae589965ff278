import {
  type PartnerEnquiryStatus,
  partnerEnquiryListSchema,
  partnerEnquirySchema,
} from '@marketplace/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';
import { adminKeys } from './api.ts';

/** Enquiries on one page of the inbox. */
export const PARTNER_ENQUIRIES_PAGE_SIZE = 10;

const enquiriesKey = [...adminKeys.all, 'partner-enquiries'] as const;

/**
 * `GET /api/admin/partner-enquiries`: page `page` (from 0) of the partner enquiries, newest
 * first, of one `status` or all (null), with their total and the open count. The page shown
 * stays while the next one loads.
 */
export function usePartnerEnquiries(status: PartnerEnquiryStatus | null, page: number) {
  const query = new URLSearchParams({
    limit: String(PARTNER_ENQUIRIES_PAGE_SIZE),
    offset: String(page * PARTNER_ENQUIRIES_PAGE_SIZE),
  });
  if (status) query.set('status', status);
  return useQuery({
    queryKey: [...enquiriesKey, status ?? 'all', page] as const,
    queryFn: async ({ signal }) =>
      partnerEnquiryListSchema.parse(await apiFetch(`/api/admin/partner-enquiries?${query}`, { signal })),
    placeholderData: keepPreviousData,
  });
}

/** `PATCH /api/admin/partner-enquiries/{id}`: sets an enquiry's status; the inbox reloads. */
export function useChangePartnerEnquiryStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: PartnerEnquiryStatus }) =>
      partnerEnquirySchema.parse(
        await apiFetch(`/api/admin/partner-enquiries/${encodeURIComponent(id)}`, {
          method: 'PATCH',
          body: { status },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enquiriesKey }),
  });
}
